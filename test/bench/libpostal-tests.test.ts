import { describe, expect, it } from 'vitest';
import {
  readLibpostalTests,
  undoCEscapes,
  withoutCComments,
} from '../../bench/external/libpostal-tests';

// A fragment in the shape of libpostal's test/test_parser.c, written for this test.
const FRAGMENT = String.raw`
static greatest_test_res test_parse_result_equals(char *input, libpostal_address_parser_options_t options, size_t output_len, ...) {
    libpostal_address_parser_response_t *response = libpostal_parse_address(input, options);
    printf("Expected\n\n");
}

TEST test_us_parses(void) {
    libpostal_address_parser_options_t options = libpostal_get_address_parser_default_options();

    CHECK_CALL(test_parse_result_equals(
        // newline, and a "quoted" word in a comment
        "12 Elm St, Apt 4B\nSpringfield, IL 62704",
        options,
        4,
        (labeled_component_t){"house_number", "12"},
        (labeled_component_t){"road", "elm st"},
        (labeled_component_t){"unit", "apt 4b"},
        (labeled_component_t){"postcode", "62704"}
    ));
    PASS();
}

TEST test_de_parses(void) {
    libpostal_address_parser_options_t options = libpostal_get_address_parser_default_options();

    CHECK_CALL(test_parse_result_equals(
        /* A block comment that holds a call:
           test_parse_result_equals("Not read", options, 1, (labeled_component_t){"city", "x"})
        */
        "Lindenstra\xc3\x9f" "e 3, 10115 \"Berlin\"",
        options,
        3,
        (labeled_component_t){"road", "lindenstraße"},
        (labeled_component_t){"house_number", "3"},
        (labeled_component_t){"city", "berlin"}
    ));
    PASS();
}

SUITE(libpostal_parser_tests) {
    RUN_TEST(test_us_parses);
}
`;

describe("readLibpostalTests (libpostal's test_parser.c)", () => {
  it('reads each call with the country of its test function and its components in order', () => {
    const addresses = readLibpostalTests(FRAGMENT);
    expect(addresses.map((a) => a.country)).toEqual(['us', 'de']);
    expect(addresses[0]).toEqual({
      country: 'us',
      text: '12 Elm St, Apt 4B\nSpringfield, IL 62704',
      components: [
        { label: 'house_number', value: '12' },
        { label: 'road', value: 'elm st' },
        { label: 'unit', value: 'apt 4b' },
        { label: 'postcode', value: '62704' },
      ],
    });
  });

  it('joins adjacent literals, undoes byte and quote escapes, skips calls inside comments', () => {
    const [, de] = readLibpostalTests(FRAGMENT);
    expect(de!.text).toBe('Lindenstraße 3, 10115 "Berlin"');
    expect(de!.components[0]).toEqual({ label: 'road', value: 'lindenstraße' });
  });

  it('throws when a call declares more components than it holds', () => {
    const broken = FRAGMENT.replace('options,\n        4,', 'options,\n        5,');
    expect(() => readLibpostalTests(broken)).toThrow(/declares 5 components, 4 read/);
  });
});

describe('C source helpers', () => {
  it('keeps comment markers inside strings', () => {
    expect(withoutCComments('x = "a // b /* c */"; // gone')).toBe('x = "a // b /* c */"; \n');
  });

  it('undoes octal, hex, \\u and simple escapes as C does', () => {
    expect(undoCEscapes(String.raw`a\tb\101\x41\u00e9\\`)).toBe('a\tbAAé\\');
  });
});
