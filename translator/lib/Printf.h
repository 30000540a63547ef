// printf's OpenCL vector conversions (%v4f, %v2hd...) in CUDA's printf terms.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>
#include <vector>

namespace cl2cuda {

struct PrintfVectorArgument {
  unsigned argument; // index among the arguments after the format
  unsigned width;
};

struct PrintfRewrite {
  std::string format; // each %vN conversion written out N times, comma-separated
  std::vector<PrintfVectorArgument> vectors;
};

// nullopt when the format has no vector conversion (nothing to rewrite).
std::optional<PrintfRewrite> rewritePrintfFormat(llvm::StringRef format);

// A C string literal whose value is `text`.
std::string quoteStringLiteral(llvm::StringRef text);

// The member naming element `index` of a `width`-element clc vector.
std::string vectorMemberName(unsigned index, unsigned width);

} // namespace cl2cuda
