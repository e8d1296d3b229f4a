package main

import "github.com/promoctl/promoctl/internal/promo/spec"

// apiFile is internal/api/promo_gen.go: the API's record of a promo code,
// its field-by-field decoder and its writable fields.
func apiFile(rows []spec.Row) ([]byte, error) {
	if err := check(rows); err != nil {
		return nil, err
	}
	var g gen
	g.p(header + "package api\n\nimport \"github.com/promoctl/promoctl/internal/promo\"\n")
	g.p(`// Promo is a promo code as the API returns it: the list item (spec 2.1) or
// the single record (2.2). Fields a shape lacks are nil.
type Promo struct {`)
	for _, f := range rows {
		g.p("\t%s %s `json:%q`", f.Go, apiType(f), f.Name)
	}
	g.p("}\n")

	g.p(`// decodeField decodes the field named k of a promo code, with the
// optional fields and dates from a (nil: allocated one by one); a field
// the registry does not know is skipped.
func (p *Promo) decodeField(k, v []byte, a *arena) (err error) {
	switch string(k) {`)
	for _, f := range rows {
		g.p("\tcase %q:", f.Name)
		switch {
		case f.Optional && f.Kind == spec.KindBool:
			g.p("\t\tp.%s, err = optionalIn(a.bool, v)", f.Go)
		case f.Optional && (f.Kind == spec.KindInt || f.Kind == spec.KindBonusType):
			g.p("\t\tp.%s, err = optionalIn(a.int, v)", f.Go)
		case f.Optional && f.Kind == spec.KindDate:
			g.p("\t\tp.%s, err = a.optionalTime(v)", f.Go)
		case f.Optional:
			g.p("\t\tp.%s, err = optionalIn(one[%s], v)", f.Go, apiType(spec.Row{Kind: f.Kind}))
		case f.Kind == spec.KindDate:
			g.p("\t\terr = a.time(&p.%s, v)", f.Go)
		default:
			g.p("\t\terr = p.%s.UnmarshalJSON(v)", f.Go)
		}
	}
	g.p("\t}\n\treturn err\n}\n")

	g.p(`// Record returns the writable fields of p, for a read-modify-write update.
func (p Promo) Record() promo.Record {
	var f promo.Record`)
	conv := map[spec.Kind]string{spec.KindText: "string", spec.KindInt: "int64", spec.KindAmount: "float64",
		spec.KindBool: "bool", spec.KindBonusType: "promo.BonusType"}
	for _, f := range writable(rows) {
		switch {
		case f.Optional && f.Kind == spec.KindDate:
			g.p("\tif p.%s != nil && p.%s.Set() {\n\t\ts := p.%s.Raw\n\t\tf.%s = &s\n\t}", f.Go, f.Go, f.Go, f.Go)
		case f.Kind == spec.KindDate:
			g.p("\tif p.%s.Set() {\n\t\ts := p.%s.Raw\n\t\tf.%s = &s\n\t}", f.Go, f.Go, f.Go)
		case f.Optional:
			g.p("\tif p.%s != nil {\n\t\tv := %s(*p.%s)\n\t\tf.%s = &v\n\t}", f.Go, conv[f.Kind], f.Go, f.Go)
		default:
			g.p("\tf.%s = %s(p.%s)", f.Go, conv[f.Kind], f.Go)
		}
	}
	g.p("\treturn f\n}")
	return g.source()
}

// codeField is the field the streaming decoder hands over as text
// (api.PromoDecoder.DecodeCode), rather than in the Promo it fills.
const codeField = "code"

// viewFile is internal/view/promo_gen.go: a promo code's fields as the
// CSV of a list or a record writes them.
func viewFile(rows []spec.Row) ([]byte, error) {
	if err := check(rows); err != nil {
		return nil, err
	}
	var g gen
	g.p(header + `package view

import (
	"strconv"

	"github.com/promoctl/promoctl/internal/api"
)
`)
	g.p(`// appendPromoCell appends the field name of p to buf as a CSV cell holds
// it: the API's value, a date as the server wrote it, nothing for a field
// p lacks. The code is code (api.PromoDecoder.DecodeCode's text).
func appendPromoCell(buf []byte, p *api.Promo, code []byte, name string) []byte {
	switch name {`)
	for _, f := range rows {
		g.p("\tcase %q:", f.Name)
		v := "p." + f.Go
		if f.Optional {
			g.p("\t\tif p.%s == nil {\n\t\t\treturn buf\n\t\t}", f.Go)
			v = "*p." + f.Go
		}
		switch f.Kind {
		case spec.KindText:
			if f.Name == codeField {
				g.p("\t\treturn append(buf, code...)")
			} else {
				g.p("\t\treturn append(buf, %s...)", v)
			}
		case spec.KindInt, spec.KindBonusType:
			g.p("\t\treturn strconv.AppendInt(buf, int64(%s), 10)", v)
		case spec.KindAmount:
			g.p("\t\treturn strconv.AppendFloat(buf, float64(%s), 'f', -1, 64)", v)
		case spec.KindBool:
			g.p("\t\treturn strconv.AppendBool(buf, bool(%s))", v)
		case spec.KindDate:
			g.p("\t\treturn append(buf, p.%s.Raw...)", f.Go)
		}
	}
	g.p("\t}\n\treturn buf\n}")
	return g.source()
}

// sortFile is cmd/promocmd/shared/sortkey_gen.go: promo list --sort's key of
// each sortable field.
func sortFile(rows []spec.Row) ([]byte, error) {
	if err := check(rows); err != nil {
		return nil, err
	}
	var g gen
	g.p(header + "package shared\n\nimport \"github.com/promoctl/promoctl/internal/api\"\n")
	g.p(`// fieldSortKey is p's key for the field name of promo.Registry; ok is
// false for a name that is not a sortable field. Codes sort by text,
// case folded; dates by time; the rest by number; a field p lacks sorts
// after the others.
func fieldSortKey(p *api.Promo, name string) (key sortKey, ok bool) {
	switch name {`)
	for _, f := range rows {
		if !f.Sortable {
			continue
		}
		g.p("\tcase %q:", f.Name)
		v := "p." + f.Go
		switch {
		case f.Optional && f.Kind == spec.KindBool:
			g.p("\t\treturn optBoolKey(p.%s), true", f.Go)
			continue
		case f.Optional && f.Kind == spec.KindInt:
			g.p("\t\treturn optIntKey(p.%s), true", f.Go)
			continue
		case f.Optional:
			g.p("\t\tif p.%s == nil {\n\t\t\treturn sortKey{none: true}, true\n\t\t}", f.Go)
			v = "(*p." + f.Go + ")"
		}
		switch f.Kind {
		case spec.KindText:
			g.p("\t\treturn textKey(string(%s)), true", v)
		case spec.KindBool:
			g.p("\t\treturn flagKey(bool(%s)), true", v)
		case spec.KindDate:
			g.p("\t\treturn dateKey(%s), true", v)
		default:
			g.p("\t\treturn sortKey{num: float64(%s)}, true", v)
		}
	}
	g.p("\t}\n\treturn sortKey{}, false\n}")
	return g.source()
}
