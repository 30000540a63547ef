// EXPECT-STATUS: 1
// A declaration that declares nothing is a warning in C and an error in C++:
// the build fails with Clang's message rather than with NVRTC's (found by the
// translator's fuzz target).
int8;
kernel void k(global int *p) { p[0] = 1; }
// LOG: empty_declaration.cl:5:1: error: declaration does not declare anything
