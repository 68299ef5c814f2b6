#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {

std::vector<double> row_from(const double* numbers, std::size_t count) {
    return std::vector<double>(numbers, numbers + count);
}

std::vector<std::vector<double>> rows_from(const double* numbers, std::size_t rows, std::size_t columns) {
    std::vector<std::vector<double>> out;
    out.reserve(rows);
    for (std::size_t r = 0; r < rows; ++r) out.push_back(row_from(numbers + r * columns, columns));
    return out;
}

}  // namespace attnbook
