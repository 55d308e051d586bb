/* gin-scorer's Windows launchers: gin-scorer.exe (the app) and gin-scorer-cli.exe (the
 * command line), built from this one file by build.sh with Debian's mingw-w64 cross compiler:
 *
 *   x86_64-w64-mingw32-gcc -municode -mconsole          launcher.c -o gin-scorer-cli.exe
 *   x86_64-w64-mingw32-gcc -municode -mwindows -DGUI    launcher.c -o gin-scorer.exe
 *
 * Each runs the bundled Python beside it, python\python.exe -X utf8 -m gin_scorer, with the
 * arguments it was given passed on exactly as typed, waits for it and exits with its code.
 * The app's launcher starts Python with no console window (CREATE_NO_WINDOW) rather than
 * through pythonw.exe: Python then still has real standard streams, and the processes it
 * spawns (verify's checker, the server backup) open no console window either. The console
 * launcher leaves Ctrl+C to Python, which gets it too, and waits for it to finish.
 *
 * Only kernel32 is used; the paths are wide strings, so a folder with spaces or a name like
 * C:\Users\Zoë Ó'Brien works.
 */
#include <windows.h>

#define PYTHON_SUBPATH L"python\\python.exe"
#define PYTHON_ARGS L" -X utf8 -m gin_scorer"

static void say(const wchar_t *text)
{
#ifdef GUI
    MessageBoxW(NULL, text, L"Gin Scorer", MB_OK | MB_ICONERROR);
#else
    DWORD written;
    HANDLE err = GetStdHandle(STD_ERROR_HANDLE);
    if (err == INVALID_HANDLE_VALUE || err == NULL)
        return;
    if (!WriteConsoleW(err, text, lstrlenW(text), &written, NULL)) {
        /* Redirected: write it as UTF-8, as Python itself does here (-X utf8). */
        char bytes[1024];
        int length = WideCharToMultiByte(CP_UTF8, 0, text, -1, bytes, sizeof(bytes), NULL, NULL);
        if (length > 1)
            WriteFile(err, bytes, length - 1, &written, NULL);
    }
#endif
}

/* The command line after the program's own name, as CommandLineToArgvW splits it: a quoted
 * name ends at the next quote, an unquoted one at the first space or tab. */
static const wchar_t *arguments_after_program(const wchar_t *line)
{
    if (*line == L'"') {
        ++line;
        while (*line && *line != L'"')
            ++line;
        if (*line == L'"')
            ++line;
    } else {
        while (*line && *line != L' ' && *line != L'\t')
            ++line;
    }
    return line; /* starts with the separating blank, or is empty */
}

/* Folder of this executable, with a trailing backslash, into `folder` (MAX_PATH-safe for
 * long paths: the buffer grows until the name fits). Returns its length, 0 on failure. */
static DWORD own_folder(wchar_t **folder)
{
    DWORD size = MAX_PATH, length;
    for (;;) {
        *folder = HeapAlloc(GetProcessHeap(), 0, size * sizeof(wchar_t));
        if (*folder == NULL)
            return 0;
        length = GetModuleFileNameW(NULL, *folder, size);
        if (length == 0)
            return 0;
        if (length < size)
            break;
        HeapFree(GetProcessHeap(), 0, *folder);
        size *= 2;
    }
    while (length > 0 && (*folder)[length - 1] != L'\\')
        --length;
    (*folder)[length] = L'\0';
    return length;
}

static DWORD run(void)
{
    wchar_t *folder, *python, *command;
    const wchar_t *rest = arguments_after_program(GetCommandLineW());
    DWORD folder_length = own_folder(&folder);
    if (folder_length == 0) {
        say(L"gin-scorer: cannot find the folder it was installed in.\r\n");
        return 70;
    }
    python = HeapAlloc(GetProcessHeap(), 0,
                       (folder_length + lstrlenW(PYTHON_SUBPATH) + 1) * sizeof(wchar_t));
    command = HeapAlloc(GetProcessHeap(), 0,
                        (folder_length + lstrlenW(PYTHON_SUBPATH) + lstrlenW(PYTHON_ARGS) +
                         lstrlenW(rest) + 4) * sizeof(wchar_t));
    if (python == NULL || command == NULL)
        return 70;
    lstrcpyW(python, folder);
    lstrcatW(python, PYTHON_SUBPATH);
    if (GetFileAttributesW(python) == INVALID_FILE_ATTRIBUTES) {
        say(L"gin-scorer: its Python (python\\python.exe beside this program) is missing; "
            L"reinstall Gin Scorer.\r\n");
        return 70;
    }
    lstrcpyW(command, L"\"");
    lstrcatW(command, python);
    lstrcatW(command, L"\"" PYTHON_ARGS);
    lstrcatW(command, rest);

    /* A fresh STARTUPINFO, not a copy of ours: ours carries the C runtime's table of open
     * files (lpReserved2), which would tell Python's runtime about handles it does not have. */
    STARTUPINFOW startup;
    PROCESS_INFORMATION process;
    ZeroMemory(&startup, sizeof(startup));
    startup.cb = sizeof(startup);
    DWORD flags = CREATE_UNICODE_ENVIRONMENT;
#ifdef GUI
    flags |= CREATE_NO_WINDOW;
#else
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    startup.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
    startup.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    SetConsoleCtrlHandler(NULL, TRUE); /* Ctrl+C is Python's to handle; we wait for it */
#endif
    if (!CreateProcessW(python, command, NULL, NULL, TRUE, flags, NULL, NULL, &startup,
                        &process)) {
        say(L"gin-scorer: could not start its Python (python\\python.exe).\r\n");
        return 70;
    }
    CloseHandle(process.hThread);
    WaitForSingleObject(process.hProcess, INFINITE);
    DWORD code = 70;
    GetExitCodeProcess(process.hProcess, &code);
    CloseHandle(process.hProcess);
    return code;
}

#ifdef GUI
int WINAPI wWinMain(HINSTANCE instance, HINSTANCE previous, PWSTR line, int show)
{
    (void)instance, (void)previous, (void)line, (void)show;
    ExitProcess(run());
}
#else
int wmain(void)
{
    ExitProcess(run());
}
#endif
