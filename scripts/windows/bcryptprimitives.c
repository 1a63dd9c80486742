/* For the Wine test only (scripts/windows.sh test); never shipped.
 *
 * Rust's standard library asks Windows 10 and later for random bytes with
 * ProcessPrng of bcryptprimitives.dll. Wine 8 has no such DLL, so the
 * program would not start under it. This stand-in, put beside the .exe of
 * the test, answers through RtlGenRandom (advapi32's SystemFunction036),
 * which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
