package gatewaysim

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"strings"
	"time"
)

// SelfSigned is a generated certificate for StartTLS.
type SelfSigned struct {
	Cert tls.Certificate
	// PEM is the certificate (not the key), for a client's CA file.
	PEM []byte
	// Fingerprint is the SHA-256 of the certificate's DER bytes, as
	// colon-separated upper-case hex pairs (the form browsers and openssl
	// x509 -fingerprint -sha256 print).
	Fingerprint string
}

// NewSelfSigned generates an ECDSA P-256 certificate valid for a week for
// hosts (IP addresses or DNS names), signed by its own key.
func NewSelfSigned(hosts ...string) (*SelfSigned, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "iris gateway-sim"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(7 * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	return &SelfSigned{
		Cert:        tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key},
		PEM:         pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		Fingerprint: Fingerprint(der),
	}, nil
}

// Fingerprint formats the SHA-256 of a certificate's DER bytes as
// colon-separated upper-case hex pairs.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	pairs := make([]string, len(sum))
	for i, b := range sum {
		pairs[i] = fmt.Sprintf("%02X", b)
	}
	return strings.Join(pairs, ":")
}
