// 8-bit grayscale images in binary PGM (P5), which most image viewers open.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace laplacian {

struct Image {
  size_t width = 0;
  size_t height = 0;
  std::vector<uint8_t> pixels; // rows top to bottom
};

// Throws std::runtime_error naming the file when it is not an 8-bit P5 PGM.
Image readPgm(const std::string &path);
void writePgm(const std::string &path, const Image &image);

} // namespace laplacian
