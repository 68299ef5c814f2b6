// Automatic cell ids (notebook.hpp): "cell-<position from 1>", the name of a cell without "id".
#include <cstddef>
#include <string>

#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/notebook.hpp"

namespace attnbook {

namespace {
constexpr const char* automatic_prefix = "cell-";
constexpr std::size_t automatic_prefix_chars = 5;
}  // namespace

std::string automatic_cell_id(std::size_t index) {
    return join_text({automatic_prefix, index + 1});
}

long long automatic_cell_index(const std::string& id) {
    if (id.compare(0, automatic_prefix_chars, automatic_prefix) != 0) return -1;
    const std::size_t digits = id.size() - automatic_prefix_chars;
    // At most 15 digits (ids are at most 64 characters; a notebook has far fewer cells): no overflow.
    if (digits == 0 || digits > 15 || id[automatic_prefix_chars] == '0') return -1;
    long long n = 0;
    for (std::size_t i = automatic_prefix_chars; i < id.size(); ++i) {
        if (id[i] < '0' || id[i] > '9') return -1;
        n = n * 10 + (id[i] - '0');
    }
    return n - 1;
}

}  // namespace attnbook
