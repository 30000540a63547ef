#include "laplacian/pgm.h"

#include <cctype>
#include <fstream>
#include <stdexcept>

namespace laplacian {
namespace {

// The next header number, skipping whitespace and # comments.
size_t readHeaderNumber(std::istream &in, const std::string &path) {
  int c = in.get();
  while (c != EOF && (std::isspace(c) || c == '#')) {
    if (c == '#')
      while (c != EOF && c != '\n')
        c = in.get();
    c = in.get();
  }
  if (c == EOF || !std::isdigit(c))
    throw std::runtime_error(path + ": not a binary PGM (bad header)");
  size_t value = 0;
  for (; c != EOF && std::isdigit(c); c = in.get())
    value = value * 10 + static_cast<size_t>(c - '0');
  if (c == EOF || !std::isspace(c))
    throw std::runtime_error(path + ": not a binary PGM (bad header)");
  return value; // the one whitespace after the number is consumed
}

} // namespace

Image readPgm(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read " + path);
  char magic[2] = {};
  in.read(magic, 2);
  if (!in || magic[0] != 'P' || magic[1] != '5')
    throw std::runtime_error(path + ": not a binary PGM (P5)");
  Image image;
  image.width = readHeaderNumber(in, path);
  image.height = readHeaderNumber(in, path);
  size_t maximum = readHeaderNumber(in, path);
  if (image.width == 0 || image.height == 0 || maximum == 0 || maximum > 255)
    throw std::runtime_error(path + ": only 8-bit PGM images of positive size are supported");
  image.pixels.resize(image.width * image.height);
  in.read(reinterpret_cast<char *>(image.pixels.data()),
          static_cast<std::streamsize>(image.pixels.size()));
  if (!in)
    throw std::runtime_error(path + ": the image data is truncated");
  if (maximum != 255)
    for (uint8_t &pixel : image.pixels)
      pixel = static_cast<uint8_t>(std::min<size_t>(pixel, maximum) * 255 / maximum);
  return image;
}

void writePgm(const std::string &path, const Image &image) {
  std::ofstream out(path, std::ios::binary);
  out << "P5\n" << image.width << " " << image.height << "\n255\n";
  out.write(reinterpret_cast<const char *>(image.pixels.data()),
            static_cast<std::streamsize>(image.pixels.size()));
  if (!out)
    throw std::runtime_error("cannot write " + path);
}

} // namespace laplacian
