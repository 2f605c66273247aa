// The FetchContent consumer builds the shared consumer program.
#include "../main.cpp"
