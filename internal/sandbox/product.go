package sandbox

import (
	"context"
	"net/http"

	bolt "go.etcd.io/bbolt"
)

// getProduct returns a product of a site the user can view: 404 kind 51
// when there is none, 403 kind 30 when its site is not viewable.
func (s *Store) getProduct(ctx context.Context, userID, productID int64) (productOut, error) {
	var rec productRec
	err := s.view(ctx, func(tx *bolt.Tx) error {
		ok, err := getJSON(tx, bucketProducts, itob(productID), &rec)
		if err != nil {
			return err
		}
		if !ok {
			return newAPIError(http.StatusNotFound, KindProductNotFound, "product %d not found", productID)
		}
		_, err = viewableSite(tx, userID, rec.SiteID)
		return err
	})
	return rec.Product, err
}
