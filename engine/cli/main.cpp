#include "attnbook/core/number.hpp"
int main(){ return attnbook::show_number(1.0)=="1.000"?0:1; }
