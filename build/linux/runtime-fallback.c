/* The OFFLINE FALLBACK AppImage runtime for Marriage: the ELF program at the front of the
 * .AppImage file when the official AppImage type-2 runtime could not be fetched (CI without
 * a network). Release builds use the official runtime instead (build/make.py
 * --appimage-runtime official), which carries squashfuse inside and needs nothing installed.
 *
 * The squashfs image of the AppDir starts where this ELF file ends (after its section
 * headers). This runtime mounts it with the system's squashfuse when FUSE works, or else
 * unpacks it with the system's unsquashfs into a temporary folder, and runs the AppDir's
 * AppRun with APPIMAGE, APPDIR and ARGV0 set, as the type-2 format describes.
 *
 *   Marriage.AppImage [game options]        play
 *   --appimage-extract                      unpack into ./squashfs-root and stop
 *   --appimage-extract-and-run [options]    never mount (also APPIMAGE_EXTRACT_AND_RUN=1)
 *   --appimage-offset                       print where the image starts
 *
 * What it promises:
 * - When it cannot start the game it says why, naming exactly the tools that are missing,
 *   on stderr and, when started from a desktop rather than a terminal, in a dialog (zenity,
 *   kdialog or xmessage, whichever exists): a double-click has no terminal to read.
 * - Signals sent to it (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2) reach the game;
 *   it waits for the game, unmounts or deletes what it unpacked, and dies of the same signal.
 *   If it is killed outright (SIGKILL), the game gets SIGTERM, and the next start unmounts
 *   the mount or deletes the folder left behind: both are named after the runtime's process.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define UNPACKED_PREFIX "marriage-appimage-"
#define MOUNT_PREFIX ".mount_marriage-"
#define DIALOG_WIDTH 60

static char self[PATH_MAX];
static volatile sig_atomic_t game_pid = 0;

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
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}

/* A desktop is there to show a dialog on, and no terminal is there to read stderr. */
static int wants_dialog(void)
{
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    return !isatty(STDERR_FILENO) && ((x && *x) || (wl && *wl));
}

/* The text with its spaces turned into line breaks where a line would pass `width`, so a
 * dialog shows all of it; a line break already in the text stays, a word is never cut. */
static void wrap(const char *in, char *out, size_t size, size_t width)
{
    size_t col = 0, n = 0;
    while (*in && n + 1 < size) {
        size_t word = strcspn(in, " \n");
        if (col > 0 && col + 1 + word > width) {
            out[n - 1] = '\n'; /* the space before this word */
            col = 0;
        }
        for (size_t i = 0; i < word && n + 1 < size; i++)
            out[n++] = in[i];
        col += word;
        in += word;
        if (*in && n + 1 < size) {
            out[n++] = *in;
            col = *in == '\n' ? 0 : col + 1;
            in++;
        }
    }
    out[n] = '\0';
}

/* Say why the game cannot start: on stderr always, and in a dialog after a double-click. */
static void tell(const char *fmt, ...)
{
    char said[2048], text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(said, sizeof said, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Marriage: %s\n", said);
    if (!wants_dialog())
        return;
    wrap(said, text, sizeof text, DIALOG_WIDTH);
    char title[] = "Marriage", *ok = "OK";
    char *zenity[] = {"zenity", "--error", "--no-markup", "--title", title, "--text", text, NULL};
    char *kdialog[] = {"kdialog", "--title", title, "--error", text, NULL};
    char *xmessage[] = {"xmessage", "-center", "-title", title, "-buttons", ok, text, NULL};
    char **tools[] = {zenity, kdialog, xmessage};
    for (size_t i = 0; i < sizeof tools / sizeof *tools; i++) {
        if (on_path(tools[i][0])) {
            run(tools[i], 1);
            return;
        }
    }
}

static const char *tmp_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

static void remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static const char *unmount_tool(void)
{
    return on_path("fusermount3") ? "fusermount3" : "fusermount";
}

/* Undo what runs killed outright (SIGKILL) left behind: an unpacked folder is deleted, a
 * mount is unmounted and its folder removed. Each is named after its runtime's process id;
 * one whose process is gone is stale. A mount folder is only ever rmdir'ed, never emptied:
 * if it could not be unmounted, what is inside is the game's image, not ours to delete. */
static void sweep_stale(void)
{
    DIR *d = opendir(tmp_dir());
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int mounted = strncmp(e->d_name, MOUNT_PREFIX, strlen(MOUNT_PREFIX)) == 0;
        if (!mounted && strncmp(e->d_name, UNPACKED_PREFIX, strlen(UNPACKED_PREFIX)) != 0)
            continue;
        const char *rest = e->d_name + strlen(mounted ? MOUNT_PREFIX : UNPACKED_PREFIX);
        char *end;
        long pid = strtol(rest, &end, 10);
        char path[PATH_MAX];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", tmp_dir(), e->d_name);
        if (pid <= 0 || *end != '-' || lstat(path, &st) != 0 || st.st_uid != getuid() ||
            !S_ISDIR(st.st_mode))
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        if (mounted) {
            char *umount_argv[] = {(char *)unmount_tool(), "-u", "-z", path, NULL};
            run(umount_argv, 1);
            rmdir(path);
        } else {
            remove_tree(path);
        }
    }
    closedir(d);
}

/* Pass a signal sent to this runtime on to the game. A signal from the terminal (Ctrl+C,
 * hang-up) already went to the game too, as it is in the same process group: not twice. */
static void forward(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    if (game_pid > 0 && info->si_code <= 0)
        kill(game_pid, sig);
}

static const int forwarded[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2};
#define N_FORWARDED (sizeof forwarded / sizeof *forwarded)

/* Run AppRun from the unpacked or mounted AppDir and wait for the game; the wait status. */
static int run_app(const char *appdir, int argc, char **argv)
{
    char apprun[PATH_MAX];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    if (access(apprun, X_OK) != 0) {
        tell("the AppImage holds no AppRun, so the file is damaged: download it again.");
        return 1 << 8;
    }
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        return 1 << 8;
    args[0] = apprun;
    for (int i = 1; i < argc; i++)
        args[i] = argv[i];
    setenv("APPIMAGE", self, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv[0], 1);

    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < N_FORWARDED; i++)
        sigaddset(&block, forwarded[i]);
    sigprocmask(SIG_BLOCK, &block, &old); /* no signal is lost between fork and handlers */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        /* The game ends with this runtime even if the runtime is killed outright. */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(1);
        sigprocmask(SIG_SETMASK, &old, NULL);
        execv(apprun, args);
        fprintf(stderr, "Marriage: could not start AppRun: %s\n", strerror(errno));
        _exit(127);
    }
    free(args);
    if (pid < 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        tell("could not start the game: %s", strerror(errno));
        return 1 << 8;
    }
    game_pid = pid;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = forward;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_FORWARDED; i++)
        sigaction(forwarded[i], &sa, NULL);
    sigprocmask(SIG_SETMASK, &old, NULL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    game_pid = 0;
    return status;
}

/* Exit as the game did: with its exit code, or dying of the signal that ended it. */
static int finish(int status)
{
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        signal(sig, SIG_DFL);
        sigset_t one;
        sigemptyset(&one);
        sigaddset(&one, sig);
        sigprocmask(SIG_UNBLOCK, &one, NULL);
        raise(sig);
        return 128 + sig;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
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
    snprintf(dir, sizeof dir, "%s/" UNPACKED_PREFIX "%ld-XXXXXX", tmp_dir(), (long)getpid());
    if (!mkdtemp(dir)) {
        tell("could not make a temporary folder in %s: %s", tmp_dir(), strerror(errno));
        return 1;
    }
    snprintf(root, sizeof root, "%s/root", dir);
    int code = unpack(offset, root, 1);
    if (code != 0) {
        remove_tree(dir);
        tell("unsquashfs could not unpack the AppImage into %s (exit %d): is the disk full?",
             tmp_dir(), code);
        return 1;
    }
    int status = run_app(root, argc, argv);
    remove_tree(dir);
    return finish(status);
}

/* What mounting needs that this system lacks, as words; empty when nothing is missing. */
static void mount_needs(char *out, size_t size)
{
    out[0] = '\0';
    if (!on_path("squashfuse"))
        snprintf(out + strlen(out), size - strlen(out), "%ssquashfuse", *out ? ", " : "");
    if (!on_path("fusermount3") && !on_path("fusermount"))
        snprintf(out + strlen(out), size - strlen(out),
                 "%sfusermount3 or fusermount (package fuse3 or fuse)", *out ? ", " : "");
    if (access("/dev/fuse", R_OK | W_OK) != 0)
        snprintf(out + strlen(out), size - strlen(out), "%sa usable /dev/fuse (%s)",
                 *out ? ", " : "", strerror(errno));
}

/* Mount with squashfuse and run; -1 when mounting did not work, so the caller unpacks. */
static int mount_and_run(long offset, int argc, char **argv, int *mount_exit)
{
    const char *unmount = unmount_tool();
    char mnt[PATH_MAX], opt[64];
    snprintf(mnt, sizeof mnt, "%s/" MOUNT_PREFIX "%ld-XXXXXX", tmp_dir(), (long)getpid());
    if (!mkdtemp(mnt))
        return -1;
    snprintf(opt, sizeof opt, "ro,offset=%ld", offset);
    char *mount_argv[] = {"squashfuse", "-o", opt, self, mnt, NULL};
    *mount_exit = run(mount_argv, 1);
    if (*mount_exit != 0) {
        rmdir(mnt);
        return -1;
    }
    int status = run_app(mnt, argc, argv);
    char *umount_argv[] = {(char *)unmount, "-u", "-z", mnt, NULL};
    run(umount_argv, 1);
    rmdir(mnt);
    return finish(status);
}

int main(int argc, char **argv)
{
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        tell("cannot find the AppImage file itself (/proc/self/exe is not readable).");
        return 1;
    }
    self[len] = '\0';
    long offset = image_offset();
    if (offset <= 0) {
        tell("%s is not a complete AppImage: download it again.", self);
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
            tell("unpacking needs unsquashfs, which is not installed: install squashfs-tools.");
            return 1;
        }
        return unpack(offset, "squashfs-root", 0);
    }
    sweep_stale();
    int no_mount = strcmp(first, "--appimage-extract-and-run") == 0;
    if (no_mount) {
        argv[1] = argv[0]; /* drop the option: the game never sees it */
        argv++;
        argc--;
    }
    const char *env = getenv("APPIMAGE_EXTRACT_AND_RUN");
    no_mount = no_mount || (env && strcmp(env, "1") == 0);
    char missing[512] = "";
    int mount_exit = 0;
    if (!no_mount) {
        mount_needs(missing, sizeof missing);
        if (!*missing) {
            int status = mount_and_run(offset, argc, argv, &mount_exit);
            if (status >= 0)
                return status;
        }
    }
    if (can_unpack)
        return extract_and_run(offset, argc, argv);
    if (no_mount)
        tell("this AppImage was asked to unpack itself, which needs unsquashfs, and it is not "
             "installed. Install squashfs-tools, then try again:\n\n"
             "    sudo apt install squashfs-tools\n\n"
             "(or your system's package of that name).");
    else if (*missing)
        tell("this AppImage cannot open here. To mount it, this system lacks: %s. To unpack it "
             "instead, it lacks unsquashfs (package squashfs-tools). The simplest fix is to "
             "install squashfs-tools, then try again:\n\n"
             "    sudo apt install squashfs-tools\n\n"
             "(or your system's package of that name).",
             missing);
    else
        tell("squashfuse could not mount this AppImage (exit %d), and unsquashfs (package "
             "squashfs-tools), which could unpack it instead, is not installed. Install "
             "squashfs-tools, then try again:\n\n"
             "    sudo apt install squashfs-tools\n\n"
             "(or your system's package of that name).",
             mount_exit);
    return 1;
}
