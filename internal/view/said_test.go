package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/records"
)

// A view's tables declare their heads (a catalog id and what the cells
// hold): said in Russian, the headers, the words, the money and the
// dates come from the catalog and the language's forms, with no English
// read back; in English they are as the views write them.
func TestTablesSaidFromTheirHeads(t *testing.T) {
	raw := json.RawMessage(`[{"id":1003,"code":"MINUS500","is_enabled":true,"bonus_type":2,"bonus_amount":10700.5,"bonus_amount_is_in_percentages":false,` +
		`"time_limit_is_enabled":true,"d_on":"2026-01-01T00:00:00.000Z","d_off":"2026-12-31T20:59:00.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":2,"is_valid":false},` +
		`{"id":1004,"code":"HALF","is_enabled":false,"bonus_type":3,"bonus_amount":12.5,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0}]`)
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	d := PromoList(raw, moscow, now)
	for _, c := range []struct {
		say  *i18n.Printer
		want string
	}{
		{i18n.New(i18n.Russian), "" +
			"ID    ПРОМОКОД  СТАТУС    ВКЛЮЧЁН  СКИДКА НА  СКИДКА       НАЧАЛО            КОНЕЦ             ПРИМЕНЕНИЙ  ДЕЙСТВУЕТ\n" +
			"1003  MINUS500  активен   да       товары     10\u00a0700,50\u00a0₽  01.01.2026 03:00  31.12.2026 23:59  2           нет\n" +
			"1004  HALF      выключен  нет      доставку   12,5\u00a0%       -                 -\n"},
		{nil, "" +
			"ID    CODE      STATUS    ENABLED  TYPE      AMOUNT    STARTS            ENDS              USES  VALID\n" +
			"1003  MINUS500  active    yes      goods     10700.50  2026-01-01 03:00  2026-12-31 23:59  2     no\n" +
			"1004  HALF      disabled  no       delivery  12.5%     -                 -\n"},
	} {
		var b bytes.Buffer
		if err := output.Write(&b, d, output.Options{Format: format.Table, Say: c.say, Currency: "RUB"}); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != c.want {
			t.Errorf("the list in %s:\n%s\nwant:\n%s", c.say.Lang(), got, c.want)
		}
	}
}

// TestPlainValuesColumnSaid: a list of plain values has one column, VALUE,
// whose header is the catalog's in each language.
func TestPlainValuesColumnSaid(t *testing.T) {
	d := Records(json.RawMessage(`["a","b"]`), time.UTC)
	for _, c := range []struct {
		say  *i18n.Printer
		want string
	}{
		{i18n.New(i18n.Russian), "ЗНАЧЕНИЕ\na\nb\n"},
		{nil, "VALUE\na\nb\n"},
	} {
		var b bytes.Buffer
		if err := output.Write(&b, d, output.Options{Format: format.Table, Say: c.say}); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != c.want {
			t.Errorf("in %s:\n%s\nwant:\n%s", c.say.Lang(), got, c.want)
		}
	}
}

// TestMalformedRecordsSaid: records that are not the JSON they should be
// are refused with a catalog message in each language, the reader's
// error still wrapped.
func TestMalformedRecordsSaid(t *testing.T) {
	d := Records(json.RawMessage(`{"items":[1]} trailing`), time.UTC)
	_, err := d.Tables()
	if !errors.Is(err, records.ErrMalformed) {
		t.Fatalf("error %v, want records.ErrMalformed wrapped", err)
	}
	if got, want := i18n.New(i18n.English).ErrorText(err), "the server's answer is not valid JSON"; got != want {
		t.Errorf("in English: %q, want %q", got, want)
	}
	if got, want := i18n.New(i18n.Russian).ErrorText(err), "ответ сервера — некорректный JSON"; got != want {
		t.Errorf("in Russian: %q, want %q", got, want)
	}
	if _, err := d.CSV(); !errors.Is(err, records.ErrMalformed) || err.Error() != "the server's answer is not valid JSON" {
		t.Errorf("CSV: %v", err)
	}
}
