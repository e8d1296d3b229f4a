package view

import (
	"slices"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

func TestPromoTableRowerMatchesPromoTableRow(t *testing.T) {
	elems := promoJSON(300)
	for _, e := range []string{
		`{"id":7,"code":"FREE\u001b[31mSHIP\u009b2J","is_enabled":"0","bonus_type":9,"bonus_amount":"150","time_limit_is_enabled":false}`,
		`{"id":"8","code":2024,"is_enabled":true,"bonus_amount":0.5,"bonus_amount_is_in_percentages":true,"quantity_limit_is_enabled":true,"quantity_limit":5}`,
		`{"code":null,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00Z","d_off":null,"promo_used_count":5,"is_valid":false}`,
		`{"code":"Промо\tкод","bonus_amount":1e3,"quantity_limit_is_enabled":true,"quantity_limit":0,"promo_used_count":0}`,
		`{}`,
	} {
		elems = append(elems, []byte(e))
	}
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	rower := promoTableRower(dateCache(loc), viewNow)
	var d, dc api.PromoDecoder
	var p, pc api.Promo
	for _, e := range elems {
		if err := d.Decode(e, &p); err != nil {
			t.Fatal(err)
		}
		code, err := dc.DecodeCode(e, &pc)
		if err != nil {
			t.Fatal(err)
		}
		row := rower(&pc, code)
		got := make([]string, len(row))
		for i, c := range row {
			got[i] = string(c)
		}
		if want := promoTableRow(&p, dateCache(loc), viewNow); !slices.Equal(got, want) {
			t.Fatalf("%s:\nrower %q\nrow   %q", e, got, want)
		}
	}
}
