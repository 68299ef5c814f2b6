#include "attnbook/core/tensor.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {

std::size_t shape_numel(const Shape& shape) {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

std::string shape_to_string(const Shape& shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + ")";
}

std::string index_to_string(const Shape& shape, std::size_t flat) {
    Shape index(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        std::size_t extent = shape[d] ? shape[d] : 1;
        index[d] = flat % extent;
        flat /= extent;
    }
    return shape_to_string(index);
}

template <class T>
void check_tensor(const char* name, const BasicTensor<T>& t) {
    const std::size_t need = shape_numel(t.shape);
    if (t.data.size() != need) {
        throw_format("{} has {} values but its shape {} needs {}",
                     {name, t.data.size(), t.shape, need});
    }
}

template void check_tensor(const char*, const BasicTensor<float>&);
template void check_tensor(const char*, const BasicTensor<double>&);
template void check_tensor(const char*, const BasicTensor<std::uint8_t>&);

}  // namespace attnbook
