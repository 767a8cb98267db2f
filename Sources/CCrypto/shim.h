#ifndef NAVSIM_CCRYPTO_SHIM_H
#define NAVSIM_CCRYPTO_SHIM_H
// OpenSSL's message digests (EVP), for SHA-256: Debian's libssl-dev, Homebrew's openssl.
#include <openssl/evp.h>
#endif
