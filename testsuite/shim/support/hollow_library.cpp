// Nothing: built as a libnvJitLink.so.13 without nvJitLink's functions, put
// first on LD_LIBRARY_PATH to stand for a machine whose nvJitLink cannot be
// used (ImageLibrary.WithoutNvJitLinkProgramsCompileTheirImageCodeInline).
