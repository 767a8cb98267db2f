#ifndef NAVSIM_CRSVG_SHIM_H
#define NAVSIM_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
