/* The AppImage runtime for Marriage: the ELF program at the front of the .AppImage file.
 *
 * The squashfs image of the AppDir starts where this ELF file ends (after its section
 * headers). The runtime mounts it with squashfuse when FUSE works, or else unpacks it with
 * unsquashfs into a temporary folder that it removes afterwards, and runs the AppDir's AppRun
 * with APPIMAGE, APPDIR and ARGV0 set, as the AppImage type-2 format describes.
 *
 *   Marriage.AppImage [game options]        play
 *   --appimage-extract                      unpack into ./squashfs-root and stop
 *   --appimage-extract-and-run [options]    never mount (also APPIMAGE_EXTRACT_AND_RUN=1)
 *   --appimage-offset                       print where the image starts
 *
 * build/make.py compiles it statically, so it needs nothing from the system but the tools
 * (squashfuse or unsquashfs); it says which to install when neither is there.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char self[PATH_MAX];

/* Where the squashfs image starts: the end of the ELF section header table. */
static long image_offset(void)
{
    Elf64_Ehdr h;
    FILE *f = fopen(self, "rb");
    if (!f)
        return -1;
    size_t n = fread(&h, 1, sizeof h, f);
    fclose(f);
    if (n != sizeof h || memcmp(h.e_ident, ELFMAG, SELFMAG) != 0)
        return -1;
    if (h.e_ident[EI_CLASS] == ELFCLASS32) {
        Elf32_Ehdr *h32 = (Elf32_Ehdr *)&h;
        return (long)h32->e_shoff + (long)h32->e_shentsize * h32->e_shnum;
    }
    return (long)h.e_shoff + (long)h.e_shentsize * h.e_shnum;
}

/* Whether an executable of this name is on PATH. */
static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    char buf[PATH_MAX];
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        if (len > 0 && len + strlen(name) + 2 < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s/%s", (int)len, path, name);
            if (access(buf, X_OK) == 0)
                return 1;
        }
        path += len + (path[len] == ':');
    }
    return 0;
}

/* Run a program and wait for it; its exit status, or 127 when it could not start. */
static int run(char *const argv[], int quiet)
{
    pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0) {
        if (quiet) {
            freopen("/dev/null", "w", stdout);
            freopen("/dev/null", "w", stderr);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}

/* Run AppRun from the unpacked or mounted AppDir with the player's arguments. */
static int run_app(const char *appdir, int argc, char **argv)
{
    char apprun[PATH_MAX];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    if (access(apprun, X_OK) != 0) {
        fprintf(stderr, "Marriage: the AppImage holds no AppRun; the file may be damaged.\n");
        return 1;
    }
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        return 1;
    args[0] = apprun;
    for (int i = 1; i < argc; i++)
        args[i] = argv[i];
    setenv("APPIMAGE", self, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv[0], 1);
    /* The game handles Ctrl+C itself; the runtime must live on to clean up after it. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        execv(apprun, args);
        perror("Marriage: could not start AppRun");
        _exit(127);
    }
    free(args);
    if (pid < 0)
        return 1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static const char *tmp_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

static int unpack(long offset, const char *dest, int quiet)
{
    char off[32];
    snprintf(off, sizeof off, "%ld", offset);
    char *argv[] = {"unsquashfs", "-o", off, "-n", "-d", (char *)dest, self, NULL};
    return run(argv, quiet);
}

static int extract_and_run(long offset, int argc, char **argv)
{
    char dir[PATH_MAX], root[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/marriage-appimage-XXXXXX", tmp_dir());
    if (!mkdtemp(dir)) {
        perror("Marriage: could not make a temporary folder");
        return 1;
    }
    snprintf(root, sizeof root, "%s/root", dir);
    int status = unpack(offset, root, 1);
    if (status == 0)
        status = run_app(root, argc, argv);
    else
        fprintf(stderr, "Marriage: unsquashfs could not unpack the AppImage (exit %d).\n",
                status);
    char *rm[] = {"rm", "-rf", dir, NULL};
    run(rm, 0);
    return status;
}

/* Mount with squashfuse and run; -1 when mounting is not possible, so the caller unpacks. */
static int mount_and_run(long offset, int argc, char **argv)
{
    if (!on_path("squashfuse") || access("/dev/fuse", R_OK | W_OK) != 0)
        return -1;
    const char *unmount = on_path("fusermount3") ? "fusermount3"
                          : on_path("fusermount") ? "fusermount"
                                                  : NULL;
    if (!unmount)
        return -1;
    char mnt[PATH_MAX], opt[64];
    snprintf(mnt, sizeof mnt, "%s/.mount_marriage-XXXXXX", tmp_dir());
    if (!mkdtemp(mnt))
        return -1;
    snprintf(opt, sizeof opt, "ro,offset=%ld", offset);
    char *mount_argv[] = {"squashfuse", "-o", opt, self, mnt, NULL};
    if (run(mount_argv, 1) != 0) {
        rmdir(mnt);
        return -1;
    }
    int status = run_app(mnt, argc, argv);
    char *umount_argv[] = {(char *)unmount, "-u", "-z", mnt, NULL};
    run(umount_argv, 1);
    rmdir(mnt);
    return status;
}

int main(int argc, char **argv)
{
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        fprintf(stderr, "Marriage: cannot find the AppImage file itself (/proc/self/exe).\n");
        return 1;
    }
    self[len] = '\0';
    long offset = image_offset();
    if (offset <= 0) {
        fprintf(stderr, "Marriage: %s is not a complete AppImage.\n", self);
        return 1;
    }
    const char *first = argc > 1 ? argv[1] : "";
    if (strcmp(first, "--appimage-offset") == 0) {
        printf("%ld\n", offset);
        return 0;
    }
    int can_unpack = on_path("unsquashfs");
    if (strcmp(first, "--appimage-extract") == 0) {
        if (!can_unpack) {
            fprintf(stderr, "Marriage: unpacking needs unsquashfs: install squashfs-tools.\n");
            return 1;
        }
        return unpack(offset, "squashfs-root", 0);
    }
    int no_mount = strcmp(first, "--appimage-extract-and-run") == 0;
    if (no_mount) {
        argv[1] = argv[0]; /* drop the option: the game never sees it */
        argv++;
        argc--;
    }
    const char *env = getenv("APPIMAGE_EXTRACT_AND_RUN");
    if (!no_mount && !(env && strcmp(env, "1") == 0)) {
        int status = mount_and_run(offset, argc, argv);
        if (status >= 0)
            return status;
    }
    if (!can_unpack) {
        fprintf(stderr,
                "Marriage: this AppImage needs squashfuse (and FUSE) or unsquashfs to open.\n"
                "Install one: sudo apt install squashfuse  (or squashfs-tools), then try again.\n");
        return 1;
    }
    return extract_and_run(offset, argc, argv);
}
