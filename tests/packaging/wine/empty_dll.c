/* The body of the Wine test prefix's icuuc.dll stand-in: the DLL holds nothing but
 * forwarders (icuuc.def, written by wine_prefix.icuuc_forwarders), so its entry point only
 * says yes. */
int __stdcall DllMain(void *instance, unsigned long reason, void *reserved)
{
    (void)instance, (void)reason, (void)reserved;
    return 1;
}
