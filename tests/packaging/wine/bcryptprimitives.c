/* For the Wine test prefix only (never shipped): Wine 8 has no bcryptprimitives.dll, which
 * Windows 10 and 11 have, and Rust-built extensions (pydantic-core, cryptography) import
 * ProcessPrng from it for random bytes. This one answers from bcrypt's system generator, as
 * Windows' own does; later Wine releases bring their own. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    while (size > 0) {
        ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0)
            return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
