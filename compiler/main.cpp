// The awasmc command line: build, verify, dump. All the work is in driver.cpp.
#include "driver.h"

int main(int argc, char** argv) { return awasmc::cli_main(argc, argv); }
