#ifndef HOMEWARD_COPENSSL_SHIM_H
#define HOMEWARD_COPENSSL_SHIM_H
/* OpenSSL's libcrypto for Web Push (RFC 8291/8292): P-256 keys, ECDH, ECDSA, HKDF and AES-128-GCM.
   Only the OpenSSL 3 provider-era calls are used, none of the deprecated EC_KEY ones. */
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

/* The key selections are macros built from other macros, which Swift cannot use. */

static inline int homeward_evp_pkey_public_key(void) {
    return EVP_PKEY_PUBLIC_KEY;
}

static inline int homeward_evp_pkey_keypair(void) {
    return EVP_PKEY_KEYPAIR;
}

/* OSSL_PARAM_BLD keeps the name (and the value, until OSSL_PARAM_BLD_to_param) by pointer, so these
   must be C literals that live for the whole program, not Swift's temporary C strings. */

static inline const char *homeward_param_group_name(void) {
    return OSSL_PKEY_PARAM_GROUP_NAME;
}

static inline const char *homeward_param_public_key(void) {
    return OSSL_PKEY_PARAM_PUB_KEY;
}

static inline const char *homeward_param_private_key(void) {
    return OSSL_PKEY_PARAM_PRIV_KEY;
}

static inline const char *homeward_curve_p256(void) {
    return SN_X9_62_prime256v1;
}

static inline long homeward_bio_mem_data(BIO *bio, char **data) {
    return BIO_get_mem_data(bio, data);
}
#endif
