package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Modes of the config file and of the folder promoctl creates for it.
const (
	FileMode = 0o600
	DirMode  = 0o700
)

// writeSteps are the steps of a write that tests replace to simulate a
// crash or a full disk part-way through.
type writeSteps struct {
	writeTemp func(f *os.File, data []byte) error
	rename    func(oldpath, newpath string) error
}

func realSteps() writeSteps {
	return writeSteps{
		writeTemp: func(f *os.File, data []byte) error { _, err := f.Write(data); return err },
		rename:    os.Rename,
	}
}

// WriteFile replaces the file at path with data atomically: it writes a
// temporary file in the same folder, flushes it to disk, renames it over
// path and flushes the folder, so a crash leaves either the old file or the
// new one, never half of either. The file gets mode 0600; a missing folder
// is created with mode 0700. When path is a symbolic link, the file it
// points to is replaced and the link kept. WriteFile returns warnings, such
// as a folder other users can read.
func WriteFile(path string, data []byte) ([]i18n.Message, error) {
	return realSteps().writeFile(path, data)
}

func (st writeSteps) writeFile(path string, data []byte) ([]i18n.Message, error) {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	dir := filepath.Dir(path)
	var warnings []i18n.Message
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, DirMode); err != nil {
			return nil, i18n.NewError(0, "config.folder.create", "Err", err)
		}
	case err != nil:
		return nil, i18n.NewError(0, "config.folder.stat", "Err", err)
	case !fi.IsDir():
		return nil, i18n.NewError(0, "config.folder.not_folder", "Path", dir)
	case runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0:
		warnings = append(warnings, i18n.M("config.folder.readable", "Path", dir, "Mode", fmt.Sprintf("%04o", fi.Mode().Perm())))
	}

	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return warnings, i18n.NewError(0, "config.write.temp", "Err", err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(FileMode); err != nil && runtime.GOOS != "windows" {
		return warnings, i18n.NewError(0, "config.write.temp", "Err", err)
	}
	if err := st.writeTemp(tmp, data); err != nil {
		return warnings, i18n.NewError(0, "config.write.file", "Path", path, "Err", err)
	}
	if err := tmp.Sync(); err != nil {
		return warnings, i18n.NewError(0, "config.write.file", "Path", path, "Err", err)
	}
	if err := tmp.Close(); err != nil {
		return warnings, i18n.NewError(0, "config.write.file", "Path", path, "Err", err)
	}
	if err := st.rename(tmp.Name(), path); err != nil {
		return warnings, i18n.NewError(0, "config.write.file", "Path", path, "Err", err)
	}
	done = true
	syncDir(dir)
	return warnings, nil
}

// syncDir flushes a folder's entries, so that a rename survives a crash.
// Some systems cannot sync a folder; the rename has happened all the same.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
