package printcmd

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/sheetpdf"
	"github.com/promoctl/promoctl/internal/sheetpdf/qrcoding"
)

// TestSheetErrorsSaid: what stops a sheet, typed by package sheetpdf and
// its QR encoder, is said from the catalogs in English and in Russian
// (the types' own words, for developers, are not), each still wrapped.
func TestSheetErrorsSaid(t *testing.T) {
	en, ru := i18n.New(i18n.English), i18n.New(i18n.Russian)
	_, perPage := sheetpdf.New(io.Discard, sheetpdf.Options{Paper: sheetpdf.Papers()[0], PerPage: 0})
	_, noPaper := sheetpdf.New(io.Discard, sheetpdf.Options{PerPage: sheetpdf.MinPerPage})
	plan, err := qrcoding.NewPlan(1, qrcoding.M, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, chars := plan.Encode(qrcoding.Num("12a"))
	_, bits := plan.Encode(qrcoding.String(strings.Repeat("x", 100)))
	_, version := qrcoding.NewPlan(41, qrcoding.M, 0)
	for _, c := range []struct {
		err    error
		en, ru string
	}{
		{perPage, fmt.Sprintf("cards a page: want %d to %d, got 0", sheetpdf.MinPerPage, sheetpdf.MaxPerPage),
			fmt.Sprintf("карточек на странице: нужно от %d до %d, а указано 0", sheetpdf.MinPerPage, sheetpdf.MaxPerPage)},
		{noPaper, "no paper size", "не задан размер бумаги"},
		{sheetpdf.ErrClosed, "sheet already closed", "лист уже закрыт"},
		{&sheetpdf.FontError{Font: "GoRegular", Err: io.ErrUnexpectedEOF}, "font GoRegular: unexpected EOF", "шрифт GoRegular: unexpected EOF"},
		{&sheetpdf.QRError{Text: "https://x", Err: sheetpdf.CheckQR(strings.Repeat("x", 3000))},
			`QR code of "https://x": text too long for a QR code`, "QR-код «https://x»: текст слишком длинный для QR-кода"},
		{&sheetpdf.QRError{Text: "12a", Err: chars}, `QR code of "12a": the QR encoding cannot hold "12a"`, "QR-код «12a»: кодировка QR-кода не может вместить «12a»"},
		{&sheetpdf.QRError{Text: "x", Err: bits}, `QR code of "x": text too long for a QR code`, "QR-код «x»: текст слишком длинный для QR-кода"},
		{&sheetpdf.QRError{Text: "x", Err: version}, `QR code of "x": there is no QR code of version 41`, "QR-код «x»: QR-кода версии 41 не бывает"},
	} {
		said := sheetError(c.err)
		if got := en.ErrorText(said); got != c.en || said.Error() != c.en {
			t.Errorf("in English: got %q, want %q", got, c.en)
		}
		if got := ru.ErrorText(said); got != c.ru {
			t.Errorf("in Russian: got %q, want %q", got, c.ru)
		}
		if !errors.Is(said, c.err) {
			t.Errorf("%v does not wrap %v", said, c.err)
		}
	}
	if sheetError(nil) != nil {
		t.Error("sheetError(nil) is not nil")
	}
}
