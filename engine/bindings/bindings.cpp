#include <emscripten/bind.h>
#include "attnbook/core/number.hpp"
std::string f(double x){return attnbook::show_number(x);}
EMSCRIPTEN_BINDINGS(x){ emscripten::function("f",&f); }
