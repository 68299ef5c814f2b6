#pragma once
// A lesson's fixed numbers (default inputs, the block's weights) written as constexpr arrays in
// the header that owns them, turned into the vectors the lessons take. The arrays are data in
// the WebAssembly module; a braced list of vectors ({{1, 0}, {0, 1}}) compiles to code that
// stores every number and allocates every row, several times larger.
#include <cstddef>
#include <vector>

namespace attnbook {

std::vector<double> row_from(const double* numbers, std::size_t count);
std::vector<std::vector<double>> rows_from(const double* numbers, std::size_t rows, std::size_t columns);

template <std::size_t N>
std::vector<double> row_from(const double (&numbers)[N]) {
    return row_from(numbers, N);
}
template <std::size_t R, std::size_t C>
std::vector<std::vector<double>> rows_from(const double (&numbers)[R][C]) {
    return rows_from(numbers[0], R, C);
}

}  // namespace attnbook
