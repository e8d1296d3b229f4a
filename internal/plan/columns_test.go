package plan

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// Every header promo.Registry names is said by the catalogs of both
// languages (table.<id>), and the words the Russian tables show in the
// columns they name are read back.
func TestRegistryHeadersAreTheCatalogs(t *testing.T) {
	for _, l := range i18n.Langs() {
		msgs, err := i18n.Catalog(l)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range promo.Registry() {
			for _, h := range f.Headers {
				if m := msgs["table."+h]; m == nil || m.Other == "" {
					t.Errorf("%s: field %s's header %s has no table.%s", l, f.Name, h, h)
				}
			}
		}
		for word, want := range map[string]promo.BonusType{"word.goods": promo.Goods, "word.delivery": promo.Delivery} {
			if got, err := promo.ParseBonusType(msgs[word].Other); err != nil || got != want {
				t.Errorf("%s: %s %q is read as %v, %v", l, word, msgs[word].Other, got, err)
			}
		}
		for word, want := range map[string]bool{"word.yes": true, "word.no": false} {
			if got, err := promo.ParseBool(msgs[word].Other); err != nil || got != want {
				t.Errorf("%s: %s %q is read as %v, %v", l, word, msgs[word].Other, got, err)
			}
		}
	}
}

// A header names its column in any case, with spaces or underscores, ё or
// е; read-only columns are read over without a warning.
func TestHeaderNames(t *testing.T) {
	var warnings []string
	o := ReadOptions{Loc: moscow, Warn: func(m i18n.Message) { warnings = append(warnings, i18n.New(i18n.English).Say(m)) }}
	probs := &Problems{File: "a.csv"}
	head := []string{"ПРОМОКОД", " скидка ", "ВКЛЮЧЕН", "Once per customer", "personal_limit_is_enabled ", "max  USES", "Статус", "Применений", "Начало", "ends", "ID сайта", "bonus_amount_is_in_percentages"}
	keys, use := header(head, 1, probs, o)
	wantKeys := []string{"code", "bonus_amount", "is_enabled", "personal_limit_is_enabled", "personal_limit_is_enabled", "quantity_limit", "status", "promo_used_count", "d_on", "d_off", "site_id", "bonus_amount_is_in_percentages"}
	wantUse := []bool{true, true, true, true, false, true, false, false, true, true, true, true}
	if !slices.Equal(keys, wantKeys) || !slices.Equal(use, wantUse) {
		t.Errorf("header(%q) = %q, %v\nwant %q, %v", head, keys, use, wantKeys, wantUse)
	}
	// the same field twice is a problem; nothing names nothing here
	if lines := probs.Lines(); len(lines) != 1 || lines[0] != `a.csv:1: columns "Once per customer" and "personal_limit_is_enabled " both name personal_limit_is_enabled: keep one of them` {
		t.Errorf("problems %q", lines)
	}
	if len(probs.warnings) != 0 {
		t.Errorf("warnings %v", probs.warnings)
	}
}

// A file refused as a whole gets no warning about its columns.
func TestNoColumnWarningForAFileRefused(t *testing.T) {
	var warned bool
	o := ReadOptions{Loc: moscow, Warn: func(i18n.Message) { warned = true }}
	_, err := ReadFrom("a.csv", strings.NewReader("code,notes\nAB,x\nCD\x07,y\n"), o)
	var probs *Problems
	if !errors.As(err, &probs) || warned {
		t.Errorf("ReadFrom = %v, warned %v; want the file refused, no warning", err, warned)
	}
	_, err = ReadFrom("a.csv", strings.NewReader("code,notes\nAB,x\n"), o)
	if err != nil || !warned {
		t.Errorf("ReadFrom = %v, warned %v; want the rows and the warning", err, warned)
	}
}

// ParseColumn reads HEADER=field; the field is an API name, in any case.
func TestParseColumn(t *testing.T) {
	for in, want := range map[string]ColumnMap{
		"Expires=d_off":          {"Expires", "d_off"},
		" Действует до = D_OFF ": {"Действует до", "d_off"},
		"a=b=code":               {"a=b", "code"},
		"Used=promo_used_count":  {"Used", "promo_used_count"},
	} {
		if got, err := ParseColumn(in); err != nil || got != want {
			t.Errorf("ParseColumn(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	// a header of promoctl's tables is not a field's name
	if _, err := ParseColumn("Expires=Конец"); err == nil {
		t.Error("ParseColumn read Конец as a field")
	}
}
