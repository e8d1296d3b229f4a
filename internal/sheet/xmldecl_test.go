package sheet

import (
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestRefusesAnXMLDeclarationItCannotRead: a worksheet declaring an XML
// version or an encoding the reader cannot read is refused with its
// part's name and what to do, in English and in Russian (the XML
// reader's own words, English, are not said).
func TestRefusesAnXMLDeclarationItCannotRead(t *testing.T) {
	en, ru := i18n.New(i18n.English), i18n.New(i18n.Russian)
	for name, c := range map[string]struct{ decl, en, ru string }{
		"version 1.1": {`<?xml version="1.1"?>`,
			`sheet "Codes": xl/worksheets/sheet1.xml declares XML version 1.1, and only version 1.0 is read: save the file again from your spreadsheet program`,
			"лист «Codes»: xl/worksheets/sheet1.xml объявляет XML версии 1.1, а читается только версия 1.0: пересохраните файл в программе для таблиц"},
		"windows-1251": {`<?xml version="1.0" encoding="windows-1251"?>`,
			`sheet "Codes": xl/worksheets/sheet1.xml declares the encoding windows-1251, and only UTF-8 is read: save the file again from your spreadsheet program`,
			"лист «Codes»: xl/worksheets/sheet1.xml объявляет кодировку windows-1251, а читается только UTF-8: пересохраните файл в программе для таблиц"},
	} {
		t.Run(name, func(t *testing.T) {
			data := archive(t, book{sheets: []testSheet{{name: "Codes"}}, rawSheet: &testPart{data: c.decl + "\n" + `<worksheet xmlns="` + nsMain + `"><sheetData></sheetData></worksheet>`}}.parts()...)
			_, err := read(t, data, Options{})
			refusal(t, err)
			if got := en.ErrorText(err); got != c.en {
				t.Errorf("in English:\n%s\nwant:\n%s", got, c.en)
			}
			if got := ru.ErrorText(err); got != c.ru {
				t.Errorf("in Russian:\n%s\nwant:\n%s", got, c.ru)
			}
		})
	}
}
