// Without libFuzzer (the g++ build), a fuzz target replays the corpus kept in
// the repository: every file under the directories given (or a file given
// itself), once each. A crash found by `make fuzz` and added to the corpus
// stays a test. Inputs that take a second or more are named, with their time.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size);

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    if (std::filesystem::is_regular_file(argv[i])) {
      files.emplace_back(argv[i]);
      continue;
    }
    if (!std::filesystem::is_directory(argv[i])) {
      std::fprintf(stderr, "replay: %s is neither a file nor a directory of inputs\n", argv[i]);
      return 2;
    }
    for (const auto& e : std::filesystem::recursive_directory_iterator(argv[i]))
      if (e.is_regular_file()) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());  // the same order on every machine
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto start = std::chrono::steady_clock::now();
    LLVMFuzzerTestOneInput(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (took >= 1) std::fprintf(stderr, "replay: %s took %.1f s\n", path.c_str(), took);
  }
  std::printf("replayed %zu inputs\n", files.size());
  return files.empty() ? 1 : 0;
}
