// Package input is what a command reads besides its flags: the file a -f
// flag names, a regular file only and of a bounded size (ReadFileArg,
// OpenFileArg), and standard input that Ctrl-C ends (StdinReader).
package input

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/i18n"
)

// ReadFileArg reads the file a -f flag names, or stdin for "-", refusing
// one larger than limit bytes (a whole number of MiB) and saying why there
// is a limit (why; its zero value says none). It reads at most limit+1 bytes, so a huge file is refused
// without being read whole; paths and stdin have the same limit. A path
// is opened with OpenFileArg: only a regular file is read.
func ReadFileArg(name string, stdin io.Reader, limit int64, why i18n.Message) ([]byte, error) {
	r := stdin
	if name != "-" {
		fh, err := OpenFileArg(name)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		r = fh
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if errors.Is(err, context.Canceled) { // Ctrl-C while stdin was read
		return nil, err
	}
	if err != nil {
		return nil, i18n.NewError(cmdutil.ExitUsage, "base.file.read", "Path", name, "Err", err)
	}
	if int64(len(data)) > limit && why.ID == "" {
		return nil, i18n.NewError(cmdutil.ExitUsage, "base.file.too_large", "Path", name, "MiB", limit>>20)
	}
	if int64(len(data)) > limit {
		return nil, i18n.NewError(cmdutil.ExitUsage, "base.file.too_large_why", "Path", name, "MiB", limit>>20, "Why", why)
	}
	return data, nil
}

// OpenFileArg opens the file a -f flag names for reading, and only a
// regular file: a named pipe (FIFO), a device, a socket or a directory is
// refused (exit 2) before anything waits on it — opening a FIFO that has
// no writer waits for one, and a device's text may never end. The path is
// checked before it is opened, opened without waiting (O_NONBLOCK where
// there is one), and checked again once open, so that a FIFO put in the
// file's place between the two is refused too. Text from a pipe comes
// through "-": stdin, which Ctrl-C interrupts (StdinReader).
func OpenFileArg(name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil { // else the open says what is wrong
		if err := regularFile(name, st); err != nil {
			return nil, err
		}
	}
	fh, err := os.OpenFile(name, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, i18n.NewError(cmdutil.ExitUsage, "base.file.open", "Err", err)
	}
	st, err := fh.Stat()
	if err == nil {
		err = regularFile(name, st)
	}
	if err != nil {
		fh.Close()
		return nil, err
	}
	return fh, nil
}

// regularFile refuses a file that is not a regular one, saying what it is.
func regularFile(name string, st fs.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "bounds.file.other"
	switch {
	case m&fs.ModeNamedPipe != 0:
		what = "bounds.file.fifo"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		what = "bounds.file.device"
	case m&fs.ModeSocket != 0:
		what = "bounds.file.socket"
	case m.IsDir():
		what = "bounds.file.directory"
	}
	return i18n.NewError(cmdutil.ExitUsage, "bounds.file.not_regular", "File", name, "What", i18n.M(what))
}
