// Package filelock takes advisory, exclusive locks on open files (flock on
// Unix, LockFileEx on Windows) without waiting: the config file's lock and
// a bulk job's journal use it, so that two promoctl processes never change
// the same file at once.
package filelock

import "github.com/promoctl/promoctl/internal/i18n"

// ErrLocked is a lock that another process (or another open file of this
// one) holds.
var ErrLocked = i18n.NewError(0, "filelock.locked")
