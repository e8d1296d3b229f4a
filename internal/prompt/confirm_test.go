package prompt

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestConfirmAccessibleRussian: a Russian line prompt shows [Д/н] or
// [д/Н], takes д, да, н, нет (and y/n, for a keyboard left in Latin),
// and asks again in Russian on any other answer.
func TestConfirmAccessibleRussian(t *testing.T) {
	for _, tt := range []struct {
		in      string
		def     bool
		want    bool
		wantOut string
	}{
		{"д\n", false, true, "Удалить промокод 5? [д/Н] \n"},
		{"Да\n", false, true, "Удалить промокод 5? [д/Н] \n"},
		{"н\n", true, false, "Удалить промокод 5? [Д/н] \n"},
		{"нет\n", true, false, "Удалить промокод 5? [Д/н] \n"},
		{"y\n", false, true, "Удалить промокод 5? [д/Н] \n"},
		{"\n", true, true, "Удалить промокод 5? [Д/н] \n"},
		{"\n", false, false, "Удалить промокод 5? [д/Н] \n"},
		{"может\nда\n", false, true, "Удалить промокод 5? [д/Н] Ответьте «д» (да) или «н» (нет).\nУдалить промокод 5? [д/Н] \n"},
		// Input that ends after an unknown answer is No, whatever the default.
		{"может\n", true, false, "Удалить промокод 5? [Д/н] Ответьте «д» (да) или «н» (нет).\nУдалить промокод 5? [Д/н] \n\n"},
	} {
		var out bytes.Buffer
		h := &Huh{In: strings.NewReader(tt.in), Out: &out, Accessible: true, Msg: i18n.New(i18n.Russian)}
		got, err := h.Confirm(context.Background(), "Удалить промокод 5?", "", tt.def)
		if err != nil || got != tt.want {
			t.Errorf("Confirm(input %q, default %v) = %v, %v; want %v, nil", tt.in, tt.def, got, err, tt.want)
		}
		if out.String() != tt.wantOut {
			t.Errorf("Confirm(input %q, default %v) wrote %q, want %q", tt.in, tt.def, out.String(), tt.wantOut)
		}
	}
}

// TestConfirmAccessibleEnglish: in English the line prompt is huh's
// ("[y/N]") and takes only y, yes, n and no: "да" is asked again.
func TestConfirmAccessibleEnglish(t *testing.T) {
	var out bytes.Buffer
	h := &Huh{In: strings.NewReader("да\nyes\n"), Out: &out, Accessible: true}
	got, err := h.Confirm(context.Background(), "Delete promo code 5?", "", false)
	want := "Delete promo code 5? [y/N] Answer y (yes) or n (no).\nDelete promo code 5? [y/N] \n"
	if err != nil || !got || out.String() != want {
		t.Errorf("Confirm = %v, %v, wrote %q; want true, nil, %q", got, err, out.String(), want)
	}
}

// TestProceedAccessibleRussian: the last question of a form (Proceed)
// takes «да» too.
func TestProceedAccessibleRussian(t *testing.T) {
	var out bytes.Buffer
	h := &Huh{In: strings.NewReader("да\n"), Out: &out, Accessible: true, Msg: i18n.New(i18n.Russian)}
	if err := h.Proceed(context.Background(), "Создать промокод X?", true); err != nil {
		t.Errorf("Proceed(да) = %v, want nil", err)
	}
	if want := "Создать промокод X? [Д/н] \n"; out.String() != want {
		t.Errorf("Proceed wrote %q, want %q", out.String(), want)
	}
}

// TestConfirmAccessibleSaysTheDescription: a line prompt says the
// question's description ("This cannot be undone.") on a line of its own
// before the question, in the form's language; a question without one
// is the question alone.
func TestConfirmAccessibleSaysTheDescription(t *testing.T) {
	for _, tt := range []struct {
		lang            i18n.Lang
		title, desc, in string
		wantOut         string
	}{
		{i18n.Russian, "Удалить промокод 5?", "Это действие нельзя отменить.", "да\n", "Это действие нельзя отменить.\nУдалить промокод 5? [д/Н] \n"},
		{i18n.English, "Delete promo code 5?", "This cannot be undone.", "y\n", "This cannot be undone.\nDelete promo code 5? [y/N] \n"},
		{i18n.English, "Delete promo code 5?", "", "y\n", "Delete promo code 5? [y/N] \n"},
	} {
		var out bytes.Buffer
		h := &Huh{In: strings.NewReader(tt.in), Out: &out, Accessible: true, Msg: i18n.New(tt.lang)}
		got, err := h.Confirm(context.Background(), tt.title, tt.desc, false)
		if err != nil || !got {
			t.Errorf("Confirm(%q, %q) = %v, %v; want true, nil", tt.title, tt.desc, got, err)
		}
		if out.String() != tt.wantOut {
			t.Errorf("Confirm(%q, %q) wrote %q, want %q", tt.title, tt.desc, out.String(), tt.wantOut)
		}
	}
}
