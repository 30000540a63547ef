#include "Printf.h"

#include <cctype>

namespace cl2cuda {

std::string vectorMemberName(unsigned index, unsigned width) {
  static const char kXyzw[] = "xyzw";
  static const char kHex[] = "0123456789abcdef";
  if (width <= 4 && index < 4)
    return std::string(1, kXyzw[index]);
  return std::string("s") + kHex[index & 15];
}

std::string quoteStringLiteral(llvm::StringRef text) {
  std::string quoted = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      quoted += "\\\"";
      break;
    case '\\':
      quoted += "\\\\";
      break;
    case '\n':
      quoted += "\\n";
      break;
    case '\t':
      quoted += "\\t";
      break;
    default:
      if (c < 0x20 || c >= 0x7f) {
        char octal[5];
        snprintf(octal, sizeof octal, "\\%03o", c);
        quoted += octal;
      } else {
        quoted += static_cast<char>(c);
      }
    }
  }
  return quoted + "\"";
}

std::optional<PrintfRewrite> rewritePrintfFormat(llvm::StringRef format) {
  PrintfRewrite rewrite;
  unsigned argument = 0;
  size_t i = 0;
  while (i < format.size()) {
    if (format[i] != '%') {
      rewrite.format += format[i++];
      continue;
    }
    size_t start = i++;
    if (i < format.size() && format[i] == '%') {
      rewrite.format += "%%";
      ++i;
      continue;
    }
    // %[flags][width][.precision][vN][length]conversion
    std::string prefix = "%";
    while (i < format.size() && llvm::StringRef("-+ #0").contains(format[i]))
      prefix += format[i++];
    auto takeNumberOrStar = [&] {
      if (i < format.size() && format[i] == '*') {
        prefix += format[i++];
        ++argument;
        return;
      }
      while (i < format.size() && isdigit(static_cast<unsigned char>(format[i])))
        prefix += format[i++];
    };
    takeNumberOrStar();
    if (i < format.size() && format[i] == '.') {
      prefix += format[i++];
      takeNumberOrStar();
    }
    unsigned width = 0;
    if (i < format.size() && format[i] == 'v') {
      size_t digits = i + 1;
      while (digits < format.size() && isdigit(static_cast<unsigned char>(format[digits])))
        ++digits;
      llvm::StringRef(format.data() + i + 1, digits - i - 1).getAsInteger(10, width);
      i = digits;
    }
    std::string length;
    while (i < format.size() && llvm::StringRef("hlLjzt").contains(format[i]))
      length += format[i++];
    if (i >= format.size()) {
      rewrite.format += format.substr(start).str();
      break;
    }
    char conversion = format[i++];
    // OpenCL C 3.1's z (size_t) and t (ptrdiff_t), which CUDA's printf does
    // not list: both types are 64-bit longs on the device.
    if (length == "z" || length == "t")
      length = "l";
    // CUDA's printf misreads hh: the value goes as the char it converts to,
    // which the call promotes to int.
    std::string cast;
    if (length == "hh") {
      if (llvm::StringRef("di").contains(conversion))
        cast = "signed char";
      else if (llvm::StringRef("ouxX").contains(conversion))
        cast = "unsigned char";
      if (!cast.empty())
        length.clear();
    }
    // OpenCL's %hf and %hlf (a half, a float): C's %f prints the double
    // either becomes.
    bool floating = llvm::StringRef("fFeEgGaA").contains(conversion);
    if (floating && (length == "h" || length == "hl"))
      length.clear();
    if (width == 0) {
      rewrite.format += prefix + length + conversion;
      if (!cast.empty())
        rewrite.arguments.push_back({argument, 0, cast});
      ++argument;
      continue;
    }
    // Elements print as scalars: hl (32-bit) has no C equivalent, float
    // elements are promoted to double anyway.
    if (length == "hl" || floating)
      length.clear();
    std::string element = prefix + length + conversion;
    for (unsigned k = 0; k < width; ++k)
      rewrite.format += (k ? "," : "") + element;
    rewrite.arguments.push_back({argument++, width, cast});
  }
  if (rewrite.arguments.empty() && rewrite.format == format)
    return std::nullopt;
  return rewrite;
}

} // namespace cl2cuda
