; Inno Setup 6 script: a Windows installer for the gin-scorer bundle.
;
; Build the bundle first (packaging\build.sh under Git Bash, or
;   .venv\Scripts\python -m PyInstaller --noconfirm --distpath packaging\dist packaging\gin-scorer.spec
; ), then:  iscc packaging\windows\gin-scorer.iss
; The installer lands in packaging\dist\gin-scorer-VERSION-windows-setup.exe.
;
; The version is not written here: it is read from the ProductVersion that gin-scorer.spec
; stamps into gin-scorer.exe from pyproject.toml, so the installer can never disagree with the
; program it installs. (iscc /DAppVersion=X overrides it, e.g. for a test build.)
;
; The scores live in %LOCALAPPDATA%\gin-scorer (databases and backups); uninstalling leaves
; them where they are on purpose.

#define AppName "Gin Scorer"
#define BundleDir "..\dist\gin-scorer"
#define CliExe "gin-scorer.exe"
#define GuiExe "gin-scorer-gui.exe"
#define CliPath AddBackslash(SourcePath) + BundleDir + "\" + CliExe
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(CliPath, "ProductVersion")
#endif
#if AppVersion == ""
  #error No version: build the bundle first (packaging\build.sh); gin-scorer.exe carries it.
#endif
; Windows wants four numbers where the project's version may say "1.2rc1".
#define NumericVersion GetVersionNumbersString(CliPath)

[Setup]
; AppId identifies the app to Windows across versions: never change it.
AppId={{2650BE21-0A03-4042-A5AE-036BA3DAAD01}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=gin-scorer developers
AppComments=Score keeping for Gin Rummy tournaments and clubs
VersionInfoVersion={#NumericVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user install without administrator rights, or for everyone when the user chooses so.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\dist
OutputBaseFilename=gin-scorer-{#AppVersion}-windows-setup
SetupIconFile=..\..\resources\icons\gin-scorer.ico
UninstallDisplayIcon={app}\{#GuiExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; Let the installer close a running Gin Scorer (its database is safe: every action commits).
CloseApplications=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the whole runtime, so no library of an older version stays behind.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#BundleDir}\{#GuiExe}"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#BundleDir}\{#CliExe}"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#BundleDir}\_internal\*"; DestDir: "{app}\_internal"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#GuiExe}"; Comment: "Score keeping for Gin Rummy tournaments and clubs"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#GuiExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#GuiExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
