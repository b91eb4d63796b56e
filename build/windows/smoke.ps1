# Install the Windows installer for real, run the game's self-test from it, remove it, and
# check that nothing is left. The same four steps as build/linux/smoke.sh and
# build/macos/smoke.sh:  1 install  2 self-test  3 uninstall  4 nothing left.
#   pwsh build/windows/smoke.ps1 build/out/installers
param([string]$Installers = "build/out/installers")
$ErrorActionPreference = "Stop"

function Fail([string]$Why) { Write-Error "SMOKE FAILED: $Why"; exit 1 }
function Step([string]$What) { Write-Host "== $What" }

$version = python -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])"
$setup = Join-Path $Installers "Marriage-$version-windows-setup.exe"
if (-not (Test-Path $setup)) { Fail "no installer at $setup" }
$scratch = Join-Path ([IO.Path]::GetTempPath()) ("marriage-smoke-" + [guid]::NewGuid())
$dir = Join-Path $scratch "R&D Marriage"  # a folder name with shell syntax in it
$appId = "{6E1D2A44-3C1B-4F0E-9B2A-5D7C8E9F1A20}_is1"
$uninstallKey = "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\$appId"
$shortcut = Join-Path ([Environment]::GetFolderPath("Programs")) "Marriage.lnk"
New-Item -ItemType Directory -Force -Path $scratch | Out-Null

Step "1 install $setup into $dir"
$log = Join-Path $scratch "install.log"
$p = Start-Process -FilePath $setup -Wait -PassThru -ArgumentList @(
    "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER", "/DIR=`"$dir`"", "/LOG=`"$log`"")
if ($p.ExitCode -ne 0) { Get-Content $log -ErrorAction SilentlyContinue; Fail "setup exited $($p.ExitCode)" }
$exe = Join-Path $dir "Marriage.exe"
if (-not (Test-Path $exe)) { Fail "no $exe after installing" }
if (-not (Test-Path $uninstallKey)) { Fail "the installer registered no uninstaller" }
if (-not (Test-Path $shortcut)) { Fail "no Start-menu shortcut at $shortcut" }
$fileVersion = (Get-Item $exe).VersionInfo.ProductVersion
if ($fileVersion -ne $version) { Fail "Marriage.exe says version '$fileVersion', not $version" }

Step "2 self-test $exe"
$env:SDL_VIDEODRIVER = "dummy"
$env:SDL_AUDIODRIVER = "dummy"
$p = Start-Process -FilePath $exe -ArgumentList "--self-test" -WorkingDirectory $scratch -Wait -PassThru
if ($p.ExitCode -ne 0) { Fail "the self-test exited $($p.ExitCode)" }

Step "3 uninstall"
$uninstaller = Join-Path $dir "unins000.exe"
$p = Start-Process -FilePath $uninstaller -Wait -PassThru -ArgumentList @(
    "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART")
if ($p.ExitCode -ne 0) { Fail "the uninstaller exited $($p.ExitCode)" }
# The uninstaller runs on from a copy of itself in the temp folder: wait for it to finish.
for ($i = 0; $i -lt 60 -and (Test-Path $dir); $i++) { Start-Sleep -Seconds 1 }

Step "4 nothing left"
if (Test-Path $dir) { Get-ChildItem -Recurse $dir | Select-Object -First 20; Fail "$dir is still there" }
if (Test-Path $uninstallKey) { Fail "the uninstall entry is still registered" }
if (Test-Path $shortcut) { Fail "the Start-menu shortcut is still there" }
Remove-Item -Recurse -Force $scratch
Write-Host "smoke test passed: $(Split-Path -Leaf $setup)"
