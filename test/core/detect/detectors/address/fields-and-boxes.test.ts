import { describe, expect, it } from 'vitest';
import { keyContext } from '../../../../../src/core/detect/detection-behind-key';
import { addressDetector } from '../../../../../src/core/detect/detectors/address';
import {
  ADDRESS_KEYS,
  addressKeyContext,
  addressKeyKind,
} from '../../../../../src/core/detect/detectors/address/address-keys';
import { found } from '../helpers';

const address = addressDetector();

describe('ADDRESS: form and JSON fields', () => {
  it('matches a key whatever its case, separators and accents, and tells the ambiguous ones', () => {
    for (const key of [
      'street',
      'Street_Address',
      'shippingAddress',
      'Anschrift',
      'STRASSE',
      'Straße',
      'dirección postal',
      'indirizzo',
      'domicilio',
    ]) {
      expect(addressKeyKind(key), key).toBe('address');
    }
    for (const key of ['address', 'Adresse', 'adres', 'direccion'])
      expect(addressKeyKind(key), key).toBe('ambiguous');
    for (const key of [
      'email_address',
      'ipAddress',
      'mac-address',
      'walletAddress',
      'city',
      'zip',
      '',
    ]) {
      expect(addressKeyKind(key), key).toBeUndefined();
    }
    expect(ADDRESS_KEYS.map((row) => row.lang)).toEqual(
      expect.arrayContaining(['en', 'fr', 'de', 'es', 'it']),
    );
  });

  it('masks the whole value of a key or a label that names an address, with a number in it', () => {
    expect(found(address, '{"street": "Unter den Linden 77", "city": "Berlin"}')).toEqual([
      'Unter den Linden 77',
    ]);
    expect(found(address, '{"address": "12 rue des Lilas, 69003 Lyon", "country": "FR"}')).toEqual([
      '12 rue des Lilas, 69003 Lyon',
    ]);
    expect(found(address, "{'indirizzo': 'Corso Italia 12/14, Milano'}")).toEqual([
      'Corso Italia 12/14, Milano',
    ]);
    expect(found(address, 'Anschrift: Unter den Linden 77\nDatum: 12.03.2024')).toEqual([
      'Unter den Linden 77',
    ]);
    expect(found(address, 'Adresse postale : 12 rue des Lilas, 69003 Lyon, France')).toEqual([
      '12 rue des Lilas, 69003 Lyon, France',
    ]);
    expect(found(address, '- Dirección: Gran Vía 28, Madrid')).toEqual(['Gran Vía 28, Madrid']);
  });

  it('leaves the values that are no postal address: no number, an e-mail, an IP, a wallet', () => {
    expect(found(address, '{"street": "Baker Street"}')).toEqual([]);
    expect(found(address, '{"address": "jean.dupont@exemple.fr"}')).toEqual([]);
    expect(found(address, 'Address: 192.168.1.20')).toEqual([]);
    expect(found(address, '{"address": "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"}')).toEqual([]);
    expect(found(address, 'E-mail address: jean.dupont@exemple.fr')).toEqual([]);
  });

  it('gives the JSON key to read a structured value behind, for address keys and name keys alike', () => {
    expect(addressKeyContext('shipping_address')).toBe('"shippingaddress": "');
    expect(keyContext('shipping_address')).toBe('"shippingaddress": "');
    expect(keyContext('First-Name')).toBe('"firstname": "');
    expect(keyContext('ip_address')).toBeUndefined();
  });
});

describe('ADDRESS: post-office boxes', () => {
  it.each([
    ['Write to PO Box 123, Springfield, IL 62704.', 'PO Box 123, Springfield, IL 62704'],
    ['Write to P.O. Box 4421.', 'P.O. Box 4421'],
    ['Écrivez à BP 45, 69003 Lyon Cedex.', 'BP 45, 69003 Lyon Cedex'],
    ['Écrivez à B.P. 120 75008 PARIS', 'B.P. 120 75008 PARIS'],
    ['Écrivez à Boîte postale 12', 'Boîte postale 12'],
    ['Schreiben Sie an Postfach 10 12 34, 10115 Berlin.', 'Postfach 10 12 34, 10115 Berlin'],
    [
      'Escríbanos a Apartado de Correos 123, 28080 Madrid.',
      'Apartado de Correos 123, 28080 Madrid',
    ],
    ['Escríbanos a Apdo. 45', 'Apdo. 45'],
    ['Scriveteci a Casella postale 45, 00184 Roma.', 'Casella postale 45, 00184 Roma'],
    ['Stuur het naar Postbus 123', 'Postbus 123'],
    ['PSC 1234, Box 5678\nAPO AE 09012', 'PSC 1234, Box 5678\nAPO AE 09012'],
  ])('%s', (text, expected) => {
    expect(found(address, text)).toEqual([expected]);
  });

  it('reads `BP` and `Apartado` as boxes only with a postcode after them', () => {
    expect(found(address, 'BP 120 at the last visit')).toEqual([]);
    expect(found(address, 'el apartado 3 del artículo 5')).toEqual([]);
    expect(found(address, 'Apartado 210, 41080 Sevilla')).toEqual(['Apartado 210, 41080 Sevilla']);
  });
});
