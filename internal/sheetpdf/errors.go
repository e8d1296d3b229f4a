package sheetpdf

import (
	"fmt"
	"strconv"
)

// What stops a sheet is typed: a sheet knows no language, and promoctl
// says each in the user's (cmd/promocmd/printcmd). Their Error is English
// for developers. The QR encoder's own errors (qrcoding.CharsetError,
// CapacityError, VersionError) come wrapped in a QRError.

// PerPageError is a number of cards a page outside MinPerPage to
// MaxPerPage.
type PerPageError struct{ N int }

func (e *PerPageError) Error() string {
	return fmt.Sprintf("cards a page: want %d to %d, got %d", MinPerPage, MaxPerPage, e.N)
}

// FontError is an embedded font that could not be read.
type FontError struct {
	Font string
	Err  error
}

func (e *FontError) Error() string { return "font " + e.Font + ": " + e.Err.Error() }

func (e *FontError) Unwrap() error { return e.Err }

// QRError is a text whose QR code could not be drawn: ErrQRTooLong, or
// the encoder's error.
type QRError struct {
	Text string
	Err  error
}

func (e *QRError) Error() string { return "QR code of " + strconv.Quote(e.Text) + ": " + e.Err.Error() }

func (e *QRError) Unwrap() error { return e.Err }

// sheetError is a sentinel of its own words.
type sheetError string

func (e sheetError) Error() string { return string(e) }

// The sentinels: a sheet without paper, a card added after Close, a text
// longer than the largest QR code holds.
const (
	ErrNoPaper   = sheetError("no paper size")
	ErrClosed    = sheetError("sheet already closed")
	ErrQRTooLong = sheetError("text too long for a QR code")
)
