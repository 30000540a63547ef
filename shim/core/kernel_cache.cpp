#include "kernel_cache.h"

#include "capabilities.h"
#include "nvrtc_compile.h"
#include "settings.h"

#include <clcuda/device_library.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace clcuda::core {
namespace {

constexpr char kEntryMagic[8] = {'C', 'L', 'C', 'U', 'D', 'A', 'K', 'C'};
// Larger files are not cache entries of ours.
constexpr off_t kMaxEntryBytes = off_t(1) << 30;

std::string defaultDirectory() {
  const Settings &current = settings();
  if (!current.cache_dir.empty())
    return current.cache_dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
    return std::string(xdg) + "/clcuda";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/clcuda";
  return "";
}

// What makes two builds of one source differ, apart from the request:
// computed once per process.
const std::string &buildIdentity() {
  static const std::string identity = [] {
    Sha256 hash;
    hash.addField(CLCUDA_VERSION_STRING).addField(nvrtcVersionText());
    for (std::size_t i = 0; i < device_library_headers.count; ++i)
      hash.addField(device_library_headers.files[i].name)
          .addField({device_library_headers.files[i].data, device_library_headers.files[i].size});
    // The translator's file, not its contents: reading it would cost a hit
    // more than everything else. Size and modification time change with
    // every rebuild of it.
    struct stat status {};
    if (stat(Translator::defaultPath().c_str(), &status) == 0)
      hash.addField(std::to_string(status.st_size) + ":" + std::to_string(status.st_mtim.tv_sec) +
                    "." + std::to_string(status.st_mtim.tv_nsec));
    return Sha256::hex(hash.finish());
  }();
  return identity;
}

bool makeDirectories(const std::string &path) {
  for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
      return false;
    if (slash == std::string::npos)
      return true;
  }
}

// An open file descriptor, closed at the end of the scope.
class File {
public:
  explicit File(int fd) : fd_(fd) {}
  File(const File &) = delete;
  File &operator=(const File &) = delete;
  ~File() {
    if (fd_ >= 0)
      close(fd_);
  }
  int get() const { return fd_; }

private:
  int fd_;
};

// Calls `step(bytes done)`, which reads or writes and returns how many bytes
// it moved, until `size` bytes are done; false on an error or end of file.
template <class Step> bool moveAll(std::size_t size, Step &&step) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t moved = step(done);
    if (moved < 0 && errno == EINTR)
      continue;
    if (moved <= 0)
      return false;
    done += std::size_t(moved);
  }
  return true;
}

bool readFile(const std::string &path, std::string &out, bool &missing) {
  const File file(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  const int fd = file.get();
  missing = fd < 0 && errno == ENOENT;
  if (fd < 0)
    return false;
  struct stat status {};
  if (fstat(fd, &status) != 0 || status.st_size > kMaxEntryBytes)
    return false;
  out.resize(std::size_t(status.st_size));
  return moveAll(out.size(),
                 [&](std::size_t done) { return read(fd, out.data() + done, out.size() - done); });
}

bool writeFile(const std::string &path, const std::string &bytes) {
  const File file(open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  const int fd = file.get();
  if (fd < 0)
    return false;
  return moveAll(bytes.size(), [&](std::size_t done) {
    return write(fd, bytes.data() + done, bytes.size() - done);
  });
}

} // namespace

KernelCache *KernelCache::shared() {
  static KernelCache *cache = []() -> KernelCache * {
    if (settings().cache == 0)
      return nullptr;
    std::string directory = defaultDirectory();
    return directory.empty() ? nullptr : new KernelCache(std::move(directory));
  }();
  return cache;
}

KernelCache::Key KernelCache::keyFor(std::string_view source,
                                     const std::vector<SourceHeader> &headers,
                                     std::string_view options, std::string_view arch) {
  Sha256 hash;
  hash.addField("clcuda kernel cache 1").addField(buildIdentity()).addField(arch);
  hash.addField(options).addField(source);
  // The same source and options compile to other code with it.
  if (settings().fast_compile != 0)
    hash.addField("CLCUDA_FAST_COMPILE=" + std::to_string(settings().fast_compile));
  // What a build accepts (-cl-std=CL3.1) depends on the version reported.
  hash.addField("OpenCL " + openclVersionText());
  for (const SourceHeader &header : headers)
    hash.addField(header.name).addField(header.source);
  Key key;
  key.digest = hash.finish();
  key.hex = Sha256::hex(key.digest);
  return key;
}

std::string KernelCache::pathOf(const Key &key) const {
  return directory_ + "/" + key.hex + ".clcuda";
}

KernelCache::Lookup KernelCache::load(const Key &key, ProgramBinary &out, std::string &why,
                                      cl_program_binary_type type) const {
  std::string bytes;
  bool missing = false;
  if (!readFile(pathOf(key), bytes, missing)) {
    why = missing ? "" : "unreadable";
    return missing ? Lookup::miss : Lookup::invalid;
  }
  const std::size_t header = sizeof kEntryMagic + key.digest.size();
  if (bytes.size() < header || std::memcmp(bytes.data(), kEntryMagic, sizeof kEntryMagic) != 0 ||
      std::memcmp(bytes.data() + sizeof kEntryMagic, key.digest.data(), key.digest.size()) != 0) {
    why = "not an entry for this key";
    return Lookup::invalid;
  }
  if (!parseBinary(std::string_view(bytes).substr(header), out, why))
    return Lookup::invalid;
  if (out.type != type) {
    why = type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE ? "not an executable" : "not a compiled object";
    return Lookup::invalid;
  }
  if (type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && out.units.size() != 1) {
    why = "a compiled object of " + std::to_string(out.units.size()) + " units";
    return Lookup::invalid;
  }
  return Lookup::hit;
}

bool KernelCache::store(const Key &key, const ProgramBinary &binary, std::string &why) const {
  if (!makeDirectories(directory_)) {
    why = "cannot create " + directory_ + ": " + std::strerror(errno);
    return false;
  }
  std::string bytes(kEntryMagic, sizeof kEntryMagic);
  bytes.append(reinterpret_cast<const char *>(key.digest.data()), key.digest.size());
  bytes += serializeBinary(binary);
  // A name no other writer uses: process id and a per-process counter.
  static std::atomic<unsigned> counter{0};
  const std::string path = pathOf(key);
  const std::string temporary = path + ".tmp." + std::to_string(getpid()) + "." +
                                std::to_string(counter.fetch_add(1, std::memory_order_relaxed));
  if (!writeFile(temporary, bytes) || rename(temporary.c_str(), path.c_str()) != 0) {
    why = "cannot write " + path + ": " + std::strerror(errno);
    unlink(temporary.c_str());
    return false;
  }
  return true;
}

} // namespace clcuda::core
