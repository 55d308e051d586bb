; gin-scorer's Windows installer (NSIS 3, 64-bit), built by packaging/windows/build.sh:
;   makensis -DVERSION=0.1.0 -DNUMERIC_VERSION=0.1.0.0 -DBUNDLE=<folder> -DOUTFILE=<setup.exe> \
;            -DICON=<gin-scorer.ico> installer.nsi
;
; Per user, no administrator rights: into %LOCALAPPDATA%\Programs\gin-scorer, a Start menu
; entry, and an entry in Settings → Apps (version, publisher, size, uninstall). Silent with /S.
; The director's data, %LOCALAPPDATA%\gin-scorer (databases, backups, errors.log), is never
; inside the program's folder: an upgrade or an uninstall leaves it alone. The uninstaller asks
; whether to delete it too (No by default; a silent uninstall keeps it unless given /PURGE).

Unicode true
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma
SetCompressorDictSize 32

!ifndef VERSION | NUMERIC_VERSION | BUNDLE | OUTFILE | ICON
  !error "build.sh defines VERSION, NUMERIC_VERSION, BUNDLE, OUTFILE and ICON"
!endif

!define APP_NAME "Gin Scorer"
!define APP_KEY "gin-scorer"
!define PUBLISHER "gin-scorer developers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_KEY}"
; Where the app keeps the scores (platformdirs' user data folder) and its settings (QSettings).
!define DATA_FOLDER "$LOCALAPPDATA\${APP_KEY}"
!define SETTINGS_KEY "Software\gin-scorer"

Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP_KEY}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${NUMERIC_VERSION}"
VIAddVersionKey "ProductName" "${APP_NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "MIT licence, ${PUBLISHER}"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\gin-scorer.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME} now"
!define MUI_WELCOMEPAGE_TEXT "This installs ${APP_NAME} ${VERSION} for you alone: no administrator \
  rights are needed.$\r$\n$\r$\nYour tournaments are kept apart, in ${DATA_FOLDER}, so \
  updating or removing the program never touches them."
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Gin Scorer" main
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  ; An update replaces the whole runtime, so nothing of an older version's Python stays.
  RMDir /r "$INSTDIR\python"
  File "${BUNDLE}\gin-scorer.exe"
  File "${BUNDLE}\gin-scorer-cli.exe"
  File "${BUNDLE}\LICENSE-Python.txt"
  File /r "${BUNDLE}\python"
  ; Compile the Python files once now, so the first start is as quick as the next ones.
  DetailPrint "Preparing ${APP_NAME} (a minute at most)…"
  nsExec::Exec '"$INSTDIR\python\python.exe" -X utf8 -m compileall -q -x "[/\\]tests?[/\\]" \
    "$INSTDIR\python\Lib\site-packages"'
  Pop $0
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortCut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\gin-scorer.exe" "" \
    "$INSTDIR\gin-scorer.exe" 0 SW_SHOWNORMAL "" "Score keeping for Gin Rummy tournaments and clubs"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\gin-scorer.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  ; Only what the installer put there: a folder chosen by hand may hold other things.
  Delete "$INSTDIR\gin-scorer.exe"
  Delete "$INSTDIR\gin-scorer-cli.exe"
  Delete "$INSTDIR\LICENSE-Python.txt"
  RMDir /r "$INSTDIR\python"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"

  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/PURGE" $R1
  ${If} ${Errors}
    ${If} ${FileExists} "${DATA_FOLDER}\*.*"
      MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON2 \
        "Also delete your tournaments, their backups and the app's settings?$\r$\n$\r$\n\
        They are in ${DATA_FOLDER}.$\r$\nChoose No to keep them: a later install finds them again." \
        /SD IDNO IDYES purge
    ${EndIf}
    DetailPrint "Kept your tournaments and backups in ${DATA_FOLDER}"
    Goto done
  ${EndIf}
  purge:
    RMDir /r "${DATA_FOLDER}"
    DeleteRegKey HKCU "${SETTINGS_KEY}"
    DetailPrint "Deleted ${DATA_FOLDER}"
  done:
SectionEnd
