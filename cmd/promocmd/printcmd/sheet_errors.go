package printcmd

import (
	"errors"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/sheetpdf"
	"github.com/promoctl/promoctl/internal/sheetpdf/qrcoding"
)

// sheetError says what stops the sheet (package sheetpdf's typed errors,
// the QR encoder's among them) as a catalog message, the error kept
// wrapped; any other error, and nil, as it is.
func sheetError(err error) error {
	var (
		pe *sheetpdf.PerPageError
		fe *sheetpdf.FontError
		qe *sheetpdf.QRError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return i18n.NewError(0, "sheetpdf.per_page", "Min", sheetpdf.MinPerPage, "Max", sheetpdf.MaxPerPage, "N", pe.N, "Cause", err)
	case errors.Is(err, sheetpdf.ErrNoPaper):
		return i18n.NewError(0, "sheetpdf.no_paper", "Cause", err)
	case errors.Is(err, sheetpdf.ErrClosed):
		return i18n.NewError(0, "sheetpdf.closed", "Cause", err)
	case errors.As(err, &fe):
		return i18n.NewError(0, "sheetpdf.font", "Font", fe.Font, "Err", fe.Err, "Cause", err)
	case errors.As(err, &qe):
		return i18n.NewError(0, "sheetpdf.qr", "Text", qe.Text, "Err", qrError(qe.Err), "Cause", err)
	}
	return err
}

// qrError is why a QR code could not be drawn, as a catalog message.
func qrError(err error) error {
	var (
		ce *qrcoding.CharsetError
		ke *qrcoding.CapacityError
		ve *qrcoding.VersionError
	)
	switch {
	case errors.Is(err, sheetpdf.ErrQRTooLong), errors.As(err, &ke):
		return i18n.NewError(0, "sheetpdf.qr_too_long", "Cause", err)
	case errors.As(err, &ce):
		return i18n.NewError(0, "sheetpdf.qr_chars", "Text", ce.Text, "Cause", err)
	case errors.As(err, &ve):
		return i18n.NewError(0, "sheetpdf.qr_version", "Version", ve.Version, "Cause", err)
	}
	return err
}
