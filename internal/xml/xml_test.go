package xml

import (
	"bytes"
	stdxml "encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// seeds are XML of the kinds workbooks hold (namespaces, the xml: prefix,
// entities and character references, CDATA, comments, processing
// instructions, a declared encoding) and damage of the kinds the sheet
// reader refuses (mismatched and missing ends, unknown entities, bad
// UTF-8, illegal characters, unquoted attributes, cut off input).
var seeds = []string{
	`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
		`<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve"> a &amp; b &lt;c&gt; &#1087;&#x440; </t></is></c></row></sheetData></worksheet>`,
	`<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><table:table-cell table:number-columns-repeated="3" office:value-type="float" office:value="0.15"/></office:document-content>`,
	`<a><![CDATA[<not a tag> & ]]]]><b>x</b><!-- note --><?pi inst?></a>`,
	`<a x='1' y="&quot;&apos;"/>`,
	`<a xmlns:p="u1"><p:b xmlns:p="u2"><p:c/></p:b><p:d/><q:e/></a>`,
	`<a xmlns="d"><b xmlns=""><c/></b></a>`,
	"<a>\r\nline\rline\n</a>",
	`<?xml version="1.0" encoding="windows-1251"?><a/>`,
	`<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`,
	`<a><b></a>`,
	`<a></b>`,
	`</a>`,
	`<a>&nbsp;</a>`,
	`<a>&#0;</a>`,
	"<a>\xff</a>",
	"<a>\x01</a>",
	`<a x=1/>`,
	`<a x="<"/>`,
	`<a><b>`,
	`<a`,
	`<a x="1" x="2"/>`,
	`<1a/>`,
	`<a>]]></a>`,
	`<a/><b/>`,
	``,
	`text`,
}

// FuzzTokensAsEncodingXML: the tokens and errors of every input are
// encoding/xml's, token for token, with Strict on (as internal/sheet reads)
// and off.
func FuzzTokensAsEncodingXML(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, in []byte, strict bool) {
		got, want := tokens(in, strict), stdTokens(in, strict)
		if got != want {
			t.Fatalf("tokens of %q (strict %v):\n got %s\nwant %s", in, strict, got, want)
		}
	})
}

// TestTokensAsEncodingXML runs the seeds through both, so that a change
// shows without -fuzz too.
func TestTokensAsEncodingXML(t *testing.T) {
	for _, s := range seeds {
		for _, strict := range []bool{true, false} {
			if got, want := tokens([]byte(s), strict), stdTokens([]byte(s), strict); got != want {
				t.Errorf("tokens of %q (strict %v):\n got %s\nwant %s", s, strict, got, want)
			}
		}
	}
}

// TestNamesAndErrorsAreSaid: what the sheet reader reads of a token (a
// name's namespace, an attribute, character data) and of an error (a
// *SyntaxError's line and message).
func TestNamesAndErrorsAreSaid(t *testing.T) {
	d := NewDecoder(strings.NewReader("<a xmlns:r=\"u\">\n<r:b r:id=\"7\">x &amp; y</r:b>\n</c>"))
	var got []string
	for {
		tok, err := d.Token()
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v (%T), want a *SyntaxError", err, err)
			}
			got = append(got, fmt.Sprintf("error at line %d: %s", se.Line, se.Msg))
			break
		}
		switch tok := tok.(type) {
		case StartElement:
			got = append(got, fmt.Sprintf("start {%s}%s %v", tok.Name.Space, tok.Name.Local, tok.Attr))
		case CharData:
			got = append(got, fmt.Sprintf("text %q", tok))
		case EndElement:
			got = append(got, fmt.Sprintf("end {%s}%s", tok.Name.Space, tok.Name.Local))
		}
	}
	want := []string{
		"start {}a [{{xmlns r} u}]",
		`text "\n"`,
		"start {u}b [{{u id} 7}]",
		`text "x & y"`,
		"end {u}b",
		`text "\n"`,
		"error at line 3: element <a> closed by </c>",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// tokens is the token stream of in, as text: each token, then the error
// that ended it.
func tokens(in []byte, strict bool) string {
	d := NewDecoder(bytes.NewReader(in))
	d.Strict = strict
	var b strings.Builder
	for range 10000 {
		tok, err := d.Token()
		if err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				fmt.Fprintf(&b, "syntax error line %d: %s", se.Line, se.Msg)
			} else if err != io.EOF {
				fmt.Fprintf(&b, "error: %v", err)
			}
			return b.String()
		}
		fmt.Fprintf(&b, "%T %q | ", tok, fmt.Sprint(tok))
	}
	return b.String()
}

// stdTokens is tokens by encoding/xml, its types named as this package's.
func stdTokens(in []byte, strict bool) string {
	d := stdxml.NewDecoder(bytes.NewReader(in))
	d.Strict = strict
	var b strings.Builder
	for range 10000 {
		tok, err := d.Token()
		if err != nil {
			var se *stdxml.SyntaxError
			if errors.As(err, &se) {
				fmt.Fprintf(&b, "syntax error line %d: %s", se.Line, se.Msg)
			} else if err != io.EOF {
				fmt.Fprintf(&b, "error: %v", err)
			}
			return b.String()
		}
		fmt.Fprintf(&b, "%T %q | ", tok, fmt.Sprint(tok)) // the same type names: package xml
	}
	return b.String()
}

// TestDeclarationErrorsAreTyped: an XML version or an encoding the
// decoder cannot read is a typed error (for promoctl to say in the user's
// language), with encoding/xml's words.
func TestDeclarationErrorsAreTyped(t *testing.T) {
	failing := func(string, io.Reader) (io.Reader, error) { return nil, io.ErrUnexpectedEOF }
	for _, c := range []struct {
		in      string
		charset func(string, io.Reader) (io.Reader, error)
		check   func(error) bool
	}{
		{`<?xml version="1.1"?><a/>`, nil, func(err error) bool { var e *VersionError; return errors.As(err, &e) && e.Version == "1.1" }},
		{`<?xml version="1.0" encoding="windows-1251"?><a/>`, nil, func(err error) bool {
			var e *CharsetError
			return errors.As(err, &e) && e.Charset == "windows-1251" && e.Err == nil
		}},
		{`<?xml version="1.0" encoding="koi8-r"?><a/>`, failing, func(err error) bool {
			var e *CharsetError
			return errors.As(err, &e) && e.Charset == "koi8-r" && errors.Is(err, io.ErrUnexpectedEOF)
		}},
	} {
		d := NewDecoder(strings.NewReader(c.in))
		d.CharsetReader = c.charset
		sd := stdxml.NewDecoder(strings.NewReader(c.in))
		sd.CharsetReader = c.charset
		_, err := d.Token()
		_, serr := sd.Token()
		if err == nil || serr == nil || !c.check(err) || err.Error() != serr.Error() {
			t.Errorf("%s: %v (%T), want a typed error saying %v", c.in, err, err, serr)
		}
	}
}
