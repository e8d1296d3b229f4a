package sandbox

import (
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
)

// Demo data. Everything here is constant: the tables are built by functions
// so that no caller can change them. docs/sandbox.md lists the same data.

// firstNewPromoID - 1 is the promo id sequence after seeding: promo codes
// created in the sandbox get ids from 5001 on.
const firstNewPromoID = 5001

// seedFar is the end of the "active" validity windows: far enough to stay
// active for the life of the sandbox, fixed so output is reproducible.
const seedFar = "2099-12-31T23:59:59.000Z"

func seedSites() []siteRec {
	return []siteRec{
		{ID: 1, Name: "Flower Shop Demo", Domain: "flowers.sandbox.example", IsPublished: true, OwnerID: 1,
			Language: "ru", Currency: "RUB", Timezone: "Europe/Moscow",
			CreatedAt: mustTime("2021-08-04T13:57:37.243Z"), UpdatedAt: mustTime("2025-11-20T09:00:00.000Z")},
		{ID: 2, Name: "Landing Draft", Domain: "draft.sandbox.example", IsPublished: false, OwnerID: 3, ViewerIDs: []int64{1},
			Language: "ru", Currency: "RUB", Timezone: "Europe/Moscow",
			CreatedAt: mustTime("2024-02-10T08:30:00.000Z"), UpdatedAt: mustTime("2024-02-12T17:45:10.500Z")},
		{ID: 3, Name: "Coffee Roasters", Domain: "coffee.sandbox.example", IsPublished: true, OwnerID: 2,
			Language: "en", Currency: "USD", Timezone: "America/New_York",
			CreatedAt: mustTime("2022-05-17T12:00:00.000Z"), UpdatedAt: mustTime("2025-10-01T15:20:00.000Z")},
	}
}

func seedPages() []pageRec {
	p := func(id, site int64, title, path string, published, home bool, seoTitle, seoDesc, created, updated string) pageRec {
		return pageRec{ID: id, SiteID: site, Title: title, Path: path, IsPublished: published, IsHome: home,
			SEOTitle: seoTitle, SEODescription: seoDesc, CreatedAt: mustTime(created), UpdatedAt: mustTime(updated)}
	}
	return []pageRec{
		p(11, 1, "Home", "/", true, true, "Flower Shop Demo: fresh bouquets", "Bouquets delivered the same day.", "2021-08-04T14:00:00.000Z", "2025-11-20T09:00:00.000Z"),
		p(12, 1, "Catalog", "/catalog", true, false, "Catalog of bouquets", "Roses, tulips, vases and gift certificates.", "2021-08-04T14:05:00.000Z", "2025-09-01T10:00:00.000Z"),
		p(13, 1, "Delivery and payment", "/delivery", true, false, "Delivery and payment", "Courier delivery, pickup and payment options.", "2021-08-05T09:00:00.000Z", "2024-12-15T12:30:00.000Z"),
		p(14, 1, "Spring sale", "/spring-sale", false, false, "Spring sale", "Draft of the spring campaign page.", "2025-02-01T08:00:00.000Z", "2025-02-03T18:20:00.000Z"),
		p(31, 3, "Home", "/", true, true, "Coffee Roasters", "Freshly roasted specialty coffee.", "2022-05-17T12:10:00.000Z", "2025-10-01T15:20:00.000Z"),
		p(32, 3, "Our beans", "/beans", true, false, "Our beans", "Single origins and blends, roasted weekly.", "2022-05-18T09:00:00.000Z", "2025-06-11T11:11:11.111Z"),
		p(33, 3, "Wholesale", "/wholesale", false, false, "Wholesale", "Prices for cafes and offices.", "2023-03-01T10:00:00.000Z", "2023-03-02T10:00:00.000Z"),
	}
}

func seedProducts() []productRec {
	img := func(id int64, name string) imageOut {
		return imageOut{ID: id, URL: "https://cdn.sandbox.example/img/" + name, StatusID: 1}
	}
	noExtra := []modifierExtraOut{}
	roses := productOut{
		ID: 101, SKU: "ROSE-RED-15", Name: "Red roses, 15 stems",
		Description:      "<p>Fifteen red roses of the Freedom variety, wrapped in kraft paper.</p>",
		ShortDescription: "15 red roses in kraft paper",
		DescriptionURL:   "https://flowers.sandbox.example/catalog/red-roses",
		Price:            3500, OldPrice: 4200, IsVisible: true, Quantity: 12,
		Weight: 1.2, Length: 60, Width: 25, Height: 25,
		Categories:   []categoryOut{{ID: 11}, {ID: 12}},
		ParamGroupID: 1, Variants: []variantOut{},
		ImageList: []imageOut{img(1011, "101-front.jpg"), img(1012, "101-side.jpg")},
		Params: []paramOut{
			{ID: 1, TypeID: 2, Name: "Colour", IsVisible: true, Values: []paramValueOut{
				{ID: 11, Label: "Red", Value: "#c8102e", IsVisible: true, ImageStatusID: 1, ImageURL: "https://cdn.sandbox.example/img/swatch-red.png"},
			}},
			{ID: 2, TypeID: 1, Name: "Stem length", Unit: "cm", IsVisible: true, Values: []paramValueOut{
				{ID: 21, Label: "50 cm", Value: "50", IsVisible: true},
				{ID: 22, Label: "70 cm", Value: "70", IsVisible: true},
			}},
		},
		Modifiers: []modifierOut{
			{ID: 501, Type: 1, Name: "Greeting card", Price: "150.00", MaxCount: 1, Image: img(5011, "mod-card.jpg"), IsVisible: true,
				Extra: []modifierExtraOut{{Key: "text", Label: "Card text", Value: ""}}},
			{ID: 502, Type: 2, Name: "Extra ribbon", Price: "50.00", MaxCount: 3, Image: img(5021, "mod-ribbon.jpg"), IsVisible: true, Extra: noExtra},
			{ID: 503, Type: 1, Name: "Standard wrapping", Price: "0.00", MaxCount: 1, Default: true, Image: img(5031, "mod-wrap.jpg"), IsVisible: false, Extra: noExtra},
		},
	}
	tulips := productOut{
		ID: 102, SKU: "TULIP-MIX", Name: "Tulip mix",
		Description:      "<p>Seasonal tulips in mixed colours. Choose how many.</p>",
		ShortDescription: "Mixed tulips",
		DescriptionURL:   "https://flowers.sandbox.example/catalog/tulip-mix",
		Price:            1900, OldPrice: 0, IsVisible: true, Quantity: 40,
		Weight: 0.8, Length: 45, Width: 20, Height: 20,
		Categories:   []categoryOut{{ID: 12}},
		ParamGroupID: 2,
		Variants: []variantOut{
			{ID: 105, SKU: "TULIP-MIX-11", Price: 1900, Quantity: 25, IsVisible: true, Values: []variantValueOut{{ParamID: 3, ValueID: 31}}},
			{ID: 106, SKU: "TULIP-MIX-25", Price: 3900, OldPrice: 4300, Quantity: 15, IsVisible: true, Values: []variantValueOut{{ParamID: 3, ValueID: 32}}},
		},
		ImageList: []imageOut{img(1021, "102-front.jpg")},
		Params: []paramOut{
			{ID: 3, TypeID: 1, Name: "Stems", Unit: "pcs", IsVisible: true, Values: []paramValueOut{
				{ID: 31, Label: "11 stems", Value: "11", IsVisible: true},
				{ID: 32, Label: "25 stems", Value: "25", IsVisible: true},
			}},
		},
		Modifiers: []modifierOut{
			{ID: 501, Type: 1, Name: "Greeting card", Price: "150.00", MaxCount: 1, Image: img(5011, "mod-card.jpg"), IsVisible: true,
				Extra: []modifierExtraOut{{Key: "text", Label: "Card text", Value: ""}}},
		},
	}
	variant := func(id int64, sku, name string, price, oldPrice, qty float64, valueID int64, value string) productOut {
		return productOut{
			ID: id, SKU: sku, Name: name, Description: tulips.Description, ShortDescription: name,
			DescriptionURL: tulips.DescriptionURL, Price: price, OldPrice: oldPrice, IsVisible: true, Quantity: qty,
			Weight: 0.8, Length: 45, Width: 20, Height: 20, Categories: []categoryOut{{ID: 12}}, ParamGroupID: 2,
			Variants: []variantOut{}, ParentID: 102, ImageList: []imageOut{img(1021, "102-front.jpg")},
			Params: []paramOut{{ID: 3, TypeID: 1, Name: "Stems", Unit: "pcs", IsVisible: true, Values: []paramValueOut{
				{ID: valueID, Label: value, Value: strings.Fields(value)[0], IsVisible: true},
			}}},
			Modifiers: []modifierOut{},
		}
	}
	vase := productOut{
		ID: 103, SKU: "VASE-GLASS-25", Name: "Glass vase, 25 cm",
		Description: "<p>Clear glass vase.</p>", ShortDescription: "Clear glass vase",
		DescriptionURL: "https://flowers.sandbox.example/catalog/glass-vase",
		Price:          990, IsVisible: true, Quantity: 7, Weight: 0.9, Length: 12, Width: 12, Height: 25,
		Categories: []categoryOut{{ID: 13}}, Variants: []variantOut{},
		ImageList: []imageOut{}, Params: []paramOut{}, Modifiers: []modifierOut{},
	}
	certificate := productOut{
		ID: 104, SKU: "GIFT-5000", Name: "Gift certificate 5000",
		Description: "<p>Electronic gift certificate, sent by e-mail.</p>", ShortDescription: "Gift certificate",
		DescriptionURL: "https://flowers.sandbox.example/catalog/gift-certificate",
		Price:          5000, IsVisible: false, Quantity: 0,
		Categories: []categoryOut{}, Variants: []variantOut{},
		ImageList: []imageOut{{ID: 1041, URL: "https://cdn.sandbox.example/img/104.png", StatusID: 2}},
		Params:    []paramOut{}, Modifiers: []modifierOut{},
	}
	yirgacheffe := productOut{
		ID: 301, SKU: "ETH-YIRG-250", Name: "Ethiopia Yirgacheffe, 250 g",
		Description: "<p>Washed, light roast. Notes of jasmine and lemon.</p>", ShortDescription: "Light roast, 250 g",
		DescriptionURL: "https://coffee.sandbox.example/beans/yirgacheffe",
		Price:          18.5, OldPrice: 21, IsVisible: true, Quantity: 120, Weight: 0.25, Length: 18, Width: 9, Height: 6,
		Categories: []categoryOut{{ID: 31}}, ParamGroupID: 5, Variants: []variantOut{},
		ImageList: []imageOut{img(3011, "301.jpg")},
		Params: []paramOut{
			{ID: 51, TypeID: 1, Name: "Grind", IsVisible: true, Values: []paramValueOut{
				{ID: 511, Label: "Whole bean", Value: "whole", IsVisible: true},
				{ID: 512, Label: "Espresso", Value: "espresso", IsVisible: true},
				{ID: 513, Label: "Filter", Value: "filter", IsVisible: true},
			}},
			{ID: 52, TypeID: 3, Name: "Roast date", IsVisible: false, Values: []paramValueOut{
				{ID: 521, Label: "Roasted", Value: "weekly", IsVisible: false},
			}},
		},
		Modifiers: []modifierOut{
			{ID: 601, Type: 1, Name: "Gift box", Price: "4.00", MaxCount: 1, Image: img(6011, "mod-box.jpg"), IsVisible: true, Extra: noExtra},
		},
	}
	espresso := productOut{
		ID: 302, SKU: "ESP-BLEND-1K", Name: "Espresso blend, 1 kg",
		Description: "<p>Brazil and Colombia, medium-dark roast.</p>", ShortDescription: "Espresso blend, 1 kg",
		DescriptionURL: "https://coffee.sandbox.example/beans/espresso-blend",
		Price:          42, IsVisible: true, Quantity: 35.5, Weight: 1, Length: 25, Width: 12, Height: 8,
		Categories: []categoryOut{{ID: 31}, {ID: 32}}, ParamGroupID: 5, Variants: []variantOut{},
		ImageList: []imageOut{img(3021, "302.jpg"), img(3022, "302-pack.jpg")},
		Params:    []paramOut{}, Modifiers: []modifierOut{},
	}
	return []productRec{
		{SiteID: 1, Product: roses},
		{SiteID: 1, Product: tulips},
		{SiteID: 1, Product: vase},
		{SiteID: 1, Product: certificate},
		{SiteID: 1, Product: variant(105, "TULIP-MIX-11", "Tulip mix, 11 stems", 1900, 0, 25, 31, "11 stems")},
		{SiteID: 1, Product: variant(106, "TULIP-MIX-25", "Tulip mix, 25 stems", 3900, 4300, 15, 32, "25 stems")},
		{SiteID: 3, Product: yirgacheffe},
		{SiteID: 3, Product: espresso},
	}
}

// seedPromo is a compact description of a demo promo code.
type seedPromo struct {
	id, site, pos int64
	code          string
	enabled       bool
	bonusType     int64
	amount        float64
	percent       bool
	on, off       string // "" = null; either set means time_limit_is_enabled
	limit         int64  // -1 = no quantity limit
	personal      bool
}

func seedPromos() []seedPromo {
	return []seedPromo{
		{id: 1001, site: 1, pos: 1, code: "WELCOME10", enabled: true, bonusType: 2, amount: 10, percent: true, limit: -1},
		{id: 1002, site: 1, pos: 2, code: "FREESHIP", enabled: true, bonusType: 3, amount: 100, percent: true, limit: -1},
		{id: 1003, site: 1, pos: 3, code: "MINUS500", enabled: true, bonusType: 2, amount: 500, limit: 100},
		{id: 1004, site: 1, pos: 4, code: "DELIVERY200", enabled: true, bonusType: 3, amount: 200, on: "2025-01-01T00:00:00.000Z", off: seedFar, limit: -1},
		{id: 1005, site: 1, pos: 5, code: "SUMMER2024", enabled: true, bonusType: 2, amount: 15, percent: true, on: "2024-06-01T00:00:00.000Z", off: "2024-08-31T23:59:59.999Z", limit: -1},
		{id: 1006, site: 1, pos: 6, code: "NEWYEAR2099", enabled: true, bonusType: 2, amount: 20, percent: true, on: "2099-12-01T00:00:00.000Z", off: seedFar, limit: -1},
		{id: 1007, site: 1, pos: 7, code: "LIMITED3", enabled: true, bonusType: 2, amount: 300, limit: 3},
		{id: 1008, site: 1, pos: 8, code: "ONCEONLY", enabled: true, bonusType: 2, amount: 5, percent: true, limit: -1, personal: true},
		{id: 1009, site: 1, pos: 9, code: "PAUSED50", enabled: false, bonusType: 2, amount: 50, percent: true, limit: -1},
		{id: 1010, site: 1, pos: 10, code: "SHIPOFF", enabled: false, bonusType: 3, amount: 150, on: "2025-01-01T00:00:00.000Z", off: seedFar, limit: -1},
		{id: 1011, site: 1, pos: 11, code: "VIP25", enabled: true, bonusType: 2, amount: 25, percent: true, on: "2025-01-01T00:00:00.000Z", off: seedFar, limit: 10, personal: true},
		{id: 1012, site: 1, pos: 12, code: "LASTSHIP", enabled: true, bonusType: 3, amount: 50, percent: true, limit: 1},
		{id: 3001, site: 3, pos: 1, code: "COFFEE10", enabled: true, bonusType: 2, amount: 10, percent: true, limit: -1},
		{id: 3002, site: 3, pos: 2, code: "BEANS5", enabled: true, bonusType: 2, amount: 5, limit: 50},
		{id: 3003, site: 3, pos: 3, code: "FREEDELIVERY", enabled: true, bonusType: 3, amount: 100, percent: true, on: "2025-01-01T00:00:00.000Z", off: "2025-02-01T00:00:00.000Z", limit: -1},
		{id: 3004, site: 3, pos: 4, code: "PAUSED", enabled: false, bonusType: 2, amount: 3, limit: -1},
	}
}

func (sp seedPromo) record() promoRec {
	p := promoRec{
		ID: sp.id, SiteID: sp.site, Pos: sp.pos, Code: sp.code, IsEnabled: sp.enabled,
		BonusType: sp.bonusType, BonusAmount: sp.amount, IsPercent: sp.percent,
		PersonalLimit: sp.personal,
		CreatedAt:     mustTime("2024-01-15T10:00:00.000Z").Add(time.Duration(sp.id) * time.Minute),
	}
	p.UpdatedAt = p.CreatedAt
	if sp.on != "" || sp.off != "" {
		p.TimeLimit = true
	}
	if sp.on != "" {
		p.DOn = timePtr(mustTime(sp.on))
	}
	if sp.off != "" {
		p.DOff = timePtr(mustTime(sp.off))
	}
	if sp.limit >= 0 {
		p.QuantityLimitOn = true
		p.QuantityLimit = sp.limit
	}
	return p
}

// seedUse is a recorded use of a demo promo code; lead ids are given in
// order from 700001.
type seedUse struct {
	promo      int64
	customer   int64
	orderPrice float64
	quantity   float64
	delivery   float64
	currency   string
	at         string
}

func seedUses() []seedUse {
	return []seedUse{
		{promo: 1005, customer: 9001, orderPrice: 5600, quantity: 2, delivery: 300, currency: "RUB", at: "2024-07-03T11:20:45.120Z"},
		{promo: 1005, customer: 9004, orderPrice: 2100, quantity: 1, delivery: 0, currency: "RUB", at: "2024-08-15T18:02:11.004Z"},
		{promo: 1007, customer: 9002, orderPrice: 3500, quantity: 1, delivery: 300, currency: "RUB", at: "2024-11-02T09:15:00.000Z"},
		{promo: 1007, customer: 9003, orderPrice: 1900, quantity: 1, delivery: 300, currency: "RUB", at: "2024-11-05T13:40:00.000Z"},
		{promo: 1007, customer: 9005, orderPrice: 990, quantity: 1, delivery: 300, currency: "RUB", at: "2024-11-09T20:05:30.500Z"},
		{promo: 3003, customer: 9101, orderPrice: 37, quantity: 2, delivery: 7.5, currency: "USD", at: "2025-01-12T15:00:00.000Z"},
		{promo: 1001, customer: 9001, orderPrice: 3500, quantity: 1, delivery: 300, currency: "RUB", at: "2025-03-02T10:15:00.000Z"},
		{promo: 1002, customer: 9002, orderPrice: 2400, quantity: 1, delivery: 350, currency: "RUB", at: "2025-03-08T07:45:10.250Z"},
		{promo: 1003, customer: 9003, orderPrice: 4100, quantity: 2, delivery: 300, currency: "RUB", at: "2025-03-20T12:00:00.000Z"},
		{promo: 1001, customer: 9002, orderPrice: 7200, quantity: 2, delivery: 0, currency: "RUB", at: "2025-04-11T16:40:12.500Z"},
		{promo: 1003, customer: 9006, orderPrice: 320, quantity: 1, delivery: 300, currency: "RUB", at: "2025-04-18T09:30:00.000Z"},
		{promo: 1008, customer: 9001, orderPrice: 4890, quantity: 2, delivery: 300, currency: "RUB", at: "2025-05-01T08:00:00.000Z"},
		{promo: 1001, customer: 9007, orderPrice: 95, quantity: 1, delivery: 15, currency: "USD", at: "2025-05-20T08:05:33.120Z"},
		{promo: 1004, customer: 9004, orderPrice: 1900, quantity: 1, delivery: 150, currency: "RUB", at: "2025-06-02T14:14:14.140Z"},
		{promo: 1011, customer: 9002, orderPrice: 8800, quantity: 3, delivery: 0, currency: "RUB", at: "2025-06-30T19:00:00.000Z"},
		{promo: 1012, customer: 9008, orderPrice: 1900, quantity: 1, delivery: 400, currency: "RUB", at: "2025-07-07T07:07:07.070Z"},
		{promo: 3001, customer: 9101, orderPrice: 60.5, quantity: 3, delivery: 7.5, currency: "USD", at: "2025-08-01T16:30:00.000Z"},
		{promo: 3002, customer: 9102, orderPrice: 42, quantity: 1, delivery: 7.5, currency: "USD", at: "2025-08-19T10:10:00.000Z"},
		{promo: 3001, customer: 9103, orderPrice: 18.5, quantity: 1, delivery: 7.5, currency: "USD", at: "2025-09-09T09:09:09.909Z"},
	}
}

// firstSeedLead is the lead id of the first demo use.
const firstSeedLead = 700001

// seed writes the demo data into freshly created buckets.
func seed(tx *bolt.Tx) error {
	for _, s := range seedSites() {
		if err := putJSON(tx, bucketSites, itob(s.ID), s); err != nil {
			return err
		}
	}
	for _, p := range seedPages() {
		if err := putJSON(tx, bucketPages, itob(p.ID), p); err != nil {
			return err
		}
	}
	for _, p := range seedProducts() {
		if err := putJSON(tx, bucketProducts, itob(p.Product.ID), p); err != nil {
			return err
		}
	}
	promos := map[int64]promoRec{}
	for _, sp := range seedPromos() {
		p := sp.record()
		if msg := validatePromo(&p); msg != nil {
			return i18n.NewError(0, "sandbox.err.demo_promo", "ID", p.ID, "Title", msg.Title)
		}
		if err := putPromo(tx, &p, ""); err != nil {
			return err
		}
		promos[p.ID] = p
	}
	if err := tx.Bucket([]byte(bucketPromos)).SetSequence(firstNewPromoID - 1); err != nil {
		return i18n.NewError(0, "sandbox.err.promo_sequence", "Err", err)
	}
	stats := tx.Bucket([]byte(bucketStats))
	for i, u := range seedUses() {
		p, ok := promos[u.promo]
		if !ok {
			return i18n.NewError(0, "sandbox.err.demo_use", "N", i, "ID", u.promo)
		}
		id, err := stats.NextSequence()
		if err != nil {
			return i18n.NewError(0, "sandbox.err.next_stat_id", "Err", err)
		}
		rec := newStat(&p, int64(id), firstSeedLead+int64(i), u.customer, u.orderPrice, u.quantity, u.delivery, u.currency, mustTime(u.at))
		if err := putJSON(tx, bucketStats, pairKey(p.ID, rec.ID), rec); err != nil {
			return err
		}
	}
	if err := tx.Bucket([]byte(bucketLeads)).SetSequence(uint64(firstSeedLead + len(seedUses()) - 1)); err != nil {
		return i18n.NewError(0, "sandbox.err.lead_sequence", "Err", err)
	}
	return nil
}
