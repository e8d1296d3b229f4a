package config

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/promoctl/promoctl/internal/filelock"
	"github.com/promoctl/promoctl/internal/i18n"
)

// lockPoll is how often a locked config file is tried again.
const lockPoll = 10 * time.Millisecond

// LockPath is the lock file of the config file at path: beside the file
// a symbolic link points to, so that every name of one file shares a lock.
func LockPath(path string) string {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	return path + ".lock"
}

// Lock takes the advisory lock of the config file at path: an exclusive
// lock (flock, or LockFileEx on Windows) on the lock file beside it, which
// is created with mode 0600 (and its folder with 0700) when missing. It
// waits while another process holds the lock, until ctx is done. The lock
// file is left in place: removing it would let two processes lock two
// different files.
func Lock(ctx context.Context, path string) (unlock func() error, err error) {
	lp := LockPath(path)
	if err := os.MkdirAll(filepath.Dir(lp), DirMode); err != nil {
		return nil, i18n.NewError(0, "config.folder.create", "Err", err)
	}
	f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, FileMode)
	if err != nil {
		return nil, i18n.NewError(0, "config.lock.open", "Path", path, "Err", err)
	}
	t := time.NewTicker(lockPoll)
	defer t.Stop()
	for {
		err := filelock.TryLock(f)
		if err == nil {
			return func() error {
				uerr := filelock.Unlock(f)
				if cerr := f.Close(); uerr == nil {
					uerr = cerr
				}
				if uerr != nil {
					return i18n.NewError(0, "config.lock.unlock", "Path", path, "Err", uerr)
				}
				return nil
			}, nil
		}
		if !errors.Is(err, filelock.ErrLocked) {
			f.Close()
			return nil, i18n.NewError(0, "config.lock.open", "Path", path, "Err", err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			cause := ctx.Err()
			if errors.Is(cause, context.DeadlineExceeded) {
				cause = i18n.NewError(0, "config.lock.timed_out", "Cause", cause)
			}
			return nil, i18n.NewError(0, "config.lock.wait", "Path", path, "Err", cause)
		case <-t.C:
		}
	}
}

// Edit changes the config file at path under its lock, for the whole
// cycle: it waits for the lock (until ctx is done), reads the file afresh,
// lets edit change it, and writes it back atomically when edit returns
// true and no error. So concurrent promoctl runs never lose each other's
// changes. It returns the document as written and warnings worth telling
// the user.
func Edit(ctx context.Context, path string, edit func(d *Doc) (save bool, err error)) (*Doc, []i18n.Message, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, nil, i18n.NewError(0, "config.file.not_regular", "Path", path)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, i18n.NewError(0, "config.file.stat", "Path", path, "Err", err)
	}
	unlock, err := Lock(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	doc, warnings, err := editLocked(path, edit)
	if uerr := unlock(); err == nil && uerr != nil {
		err = uerr
	}
	return doc, warnings, err
}

func editLocked(path string, edit func(d *Doc) (bool, error)) (*Doc, []i18n.Message, error) {
	doc, err := LoadDoc(path)
	if err != nil {
		return nil, nil, err
	}
	warnings := doc.Warnings
	save, err := edit(doc)
	if err != nil || !save {
		return doc, warnings, err
	}
	w, err := doc.Save()
	return doc, append(warnings, w...), err
}
