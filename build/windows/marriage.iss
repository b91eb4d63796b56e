; Inno Setup script for the Windows installer. build/make.py compiles it with:
;   ISCC /DAppVersion=<version> /DNumericVersion=<a.b.c.d> /DBundleDir=<onedir bundle>
;        /DOutputDir=<folder> marriage.iss
; NumericVersion is the version as Windows' four numbers (build/winversion.py: 0.2.0rc1 is
; 0.2.0.3001); the text version goes wherever text is allowed.
; It installs for the current user without asking for admin rights; the "for all users"
; choice is offered in a dialog. Start-menu and desktop shortcuts, and an uninstaller.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef NumericVersion
  #define NumericVersion "0.0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\out\dist\Marriage"
#endif
#ifndef OutputDir
  #define OutputDir "..\out\installers"
#endif

#define AppName "Marriage"
#define AppExe "Marriage.exe"

[Setup]
; The AppId ties upgrades and the uninstaller together: never change it.
AppId={{6E1D2A44-3C1B-4F0E-9B2A-5D7C8E9F1A20}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Marriage maintainers
; Version info of setup.exe itself (Explorer's Properties > Details): numbers where Windows
; wants numbers, the text version beside them.
VersionInfoVersion={#NumericVersion}
VersionInfoProductVersion={#NumericVersion}
VersionInfoTextVersion={#AppVersion}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoProductName={#AppName}
VersionInfoCompany=Marriage maintainers
VersionInfoDescription={#AppName} {#AppVersion} setup
VersionInfoCopyright=MIT licence, the Marriage developers
LicenseFile=..\..\LICENSE
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=Marriage-{#AppVersion}-windows-setup
SetupIconFile=..\..\assets\icons\marriage.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
; Unticked unless the player ticks it: the README promises a desktop shortcut only then.
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the whole bundle: files an older version had and this one has not
; must not linger next to the new ones.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
Source: "..\..\LICENSE"; DestDir: "{app}\licences"; Flags: ignoreversion
Source: "..\..\assets\licences\*.txt"; DestDir: "{app}\licences"; Flags: ignoreversion
Source: "..\..\assets\fonts\OFL.txt"; DestDir: "{app}\licences"; DestName: "OFL-fonts.txt"; Flags: ignoreversion
Source: "..\..\CHANGELOG.md"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
