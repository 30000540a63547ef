// printf's OpenCL conversions in CUDA's printf terms: vector conversions
// (%v4f, %v2hd...), the hh length modifier, which CUDA's printf misreads,
// and the z and t modifiers, which it does not list.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>
#include <vector>

namespace cl2cuda {

// An argument the call must pass differently from how OpenCL C wrote it.
struct PrintfArgument {
  unsigned argument; // index among the arguments after the format
  unsigned width;    // a vector's element count: it is passed element by element; 0 for a scalar
  std::string cast;  // the type each value is cast to first (an %hhx's "unsigned char"), or ""
};

struct PrintfRewrite {
  // Each %vN conversion written out N times, comma-separated; no hh, z or t modifier.
  std::string format;
  std::vector<PrintfArgument> arguments;
};

// CUDA's printf ignores arguments after the 32nd (the CUDA C++ Programming
// Guide, formatted output).
constexpr unsigned kCudaPrintfMaxArguments = 32;

// nullopt when the format needs no rewrite.
std::optional<PrintfRewrite> rewritePrintfFormat(llvm::StringRef format);

// A C string literal whose value is `text`.
std::string quoteStringLiteral(llvm::StringRef text);

// The member naming element `index` of a `width`-element clc vector.
std::string vectorMemberName(unsigned index, unsigned width);

} // namespace cl2cuda
