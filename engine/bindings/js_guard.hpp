#pragma once
// The engine's errors as JavaScript Errors, for every Embind module (bindings.cpp, the training
// module's train/train_module.cpp): one copy of the catch clauses.
#include <emscripten/val.h>

#include <new>
#include <string>
#include <type_traits>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook_js {

using emscripten::val;

[[noreturn]] inline void throw_js_error(const std::string& message) {
    val::global("Error").new_(message).throw_();
}

// Runs body(context), turning the engine's errors into a JS Error with the engine's message. One
// function for every entry point (not a template per lambda), so the catch clauses exist once.
inline void guard(const std::string& who, void (*body)(void*), void* context) {
    std::string message;
    try {
        body(context);
        return;
    } catch (const attnbook::UserError& e) {
        message = e.what();
    } catch (const std::bad_alloc&) {
        message = attnbook::join_text({who, ": out of memory"});
    } catch (const std::exception& e) {
        message = attnbook::join_text({who, ": internal error: ", e.what()});
    }
    // Thrown outside the catch blocks so the C++ exception is fully released first.
    throw_js_error(message);
}

template <class Fn>
void guarded(const std::string& who, Fn&& fn) {
    guard(who, [](void* f) { (*static_cast<std::remove_reference_t<Fn>*>(f))(); }, &fn);
}

}  // namespace attnbook_js
