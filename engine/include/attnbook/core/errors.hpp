#pragma once
// An error the user caused (bad option, bad shape, bad notebook). Its message is shown as is,
// so it names where the problem is. Anything else escaping the engine is an internal bug.
#include <stdexcept>
#include <string>

namespace attnbook {

struct UserError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace attnbook
