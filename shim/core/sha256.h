// SHA-256 (FIPS 180-4): the kernel cache's keys. Kept here so libclcuda.so
// needs no crypto library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace clcuda::core {

class Sha256 {
public:
  using Digest = std::array<std::uint8_t, 32>;

  Sha256();
  Sha256 &add(const void *data, std::size_t size);
  Sha256 &add(std::string_view text) { return add(text.data(), text.size()); }
  // A length-prefixed field: ("ab", "c") and ("a", "bc") hash differently.
  Sha256 &addField(std::string_view text);
  Digest finish();

  static std::string hex(const Digest &digest);
  // Any bytes as lowercase hexadecimal, two digits a byte.
  static std::string hex(std::string_view bytes);

private:
  void compress(const std::uint8_t *block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

} // namespace clcuda::core
