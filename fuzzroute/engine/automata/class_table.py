"""The code points of the common big classes, and the IGNORECASE case classes, for one Unicode database.

Every automaton alphabet needs the code points of each character test its
rules use.  For `.`, `\\s`, `\\d`, `\\w` (which `\\b` reads too) and their negations, and for which
code points fold together under IGNORECASE, finding them means running `re`
over all 1,114,112 code points, tens of milliseconds each on every run of
`check`.  They are fixed by the Unicode database `re` was built from, so for
that database's version they are kept here; `alphabet.resolve_nodes` reads
them only when the running interpreter reports the same version (any other
scans as before).  A test compares this table with fresh scans.
Regenerate with `python scripts/regenerate_class_table.py`.
"""

from __future__ import annotations

UNIDATA_VERSION = "14.0.0"

#: Distinct code point sets, each as `lo-hi` half-open intervals in hexadecimal, space-separated.
SETS: tuple[str, ...] = (
    '0-a b-110000',
    '9-e 1c-21 85-86 a0-a1 1680-1681 2000-200b 2028-202a 202f-2030 205f-2060 3000-3001',
    '0-9 e-1c 21-85 86-a0 a1-1680 1681-2000 200b-2028 202a-202f 2030-205f 2060-3000 3001-110000',
    '30-3a 660-66a 6f0-6fa 7c0-7ca 966-970 9e6-9f0 a66-a70 ae6-af0 b66-b70 be6-bf0 c66-c70 ce6-cf0 d6'
    '6-d70 de6-df0 e50-e5a ed0-eda f20-f2a 1040-104a 1090-109a 17e0-17ea 1810-181a 1946-1950 19d0-19d'
    'a 1a80-1a8a 1a90-1a9a 1b50-1b5a 1bb0-1bba 1c40-1c4a 1c50-1c5a a620-a62a a8d0-a8da a900-a90a a9d0'
    '-a9da a9f0-a9fa aa50-aa5a abf0-abfa ff10-ff1a 104a0-104aa 10d30-10d3a 11066-11070 110f0-110fa 11'
    '136-11140 111d0-111da 112f0-112fa 11450-1145a 114d0-114da 11650-1165a 116c0-116ca 11730-1173a 11'
    '8e0-118ea 11950-1195a 11c50-11c5a 11d50-11d5a 11da0-11daa 16a60-16a6a 16ac0-16aca 16b50-16b5a 1d'
    '7ce-1d800 1e140-1e14a 1e2f0-1e2fa 1e950-1e95a 1fbf0-1fbfa',
    '0-30 3a-660 66a-6f0 6fa-7c0 7ca-966 970-9e6 9f0-a66 a70-ae6 af0-b66 b70-be6 bf0-c66 c70-ce6 cf0-'
    'd66 d70-de6 df0-e50 e5a-ed0 eda-f20 f2a-1040 104a-1090 109a-17e0 17ea-1810 181a-1946 1950-19d0 1'
    '9da-1a80 1a8a-1a90 1a9a-1b50 1b5a-1bb0 1bba-1c40 1c4a-1c50 1c5a-a620 a62a-a8d0 a8da-a900 a90a-a9'
    'd0 a9da-a9f0 a9fa-aa50 aa5a-abf0 abfa-ff10 ff1a-104a0 104aa-10d30 10d3a-11066 11070-110f0 110fa-'
    '11136 11140-111d0 111da-112f0 112fa-11450 1145a-114d0 114da-11650 1165a-116c0 116ca-11730 1173a-'
    '118e0 118ea-11950 1195a-11c50 11c5a-11d50 11d5a-11da0 11daa-16a60 16a6a-16ac0 16aca-16b50 16b5a-'
    '1d7ce 1d800-1e140 1e14a-1e2f0 1e2fa-1e950 1e95a-1fbf0 1fbfa-110000',
    '30-3a 41-5b 5f-60 61-7b aa-ab b2-b4 b5-b6 b9-bb bc-bf c0-d7 d8-f7 f8-2c2 2c6-2d2 2e0-2e5 2ec-2ed'
    ' 2ee-2ef 370-375 376-378 37a-37e 37f-380 386-387 388-38b 38c-38d 38e-3a2 3a3-3f6 3f7-482 48a-530'
    ' 531-557 559-55a 560-589 5d0-5eb 5ef-5f3 620-64b 660-66a 66e-670 671-6d4 6d5-6d6 6e5-6e7 6ee-6fd'
    ' 6ff-700 710-711 712-730 74d-7a6 7b1-7b2 7c0-7eb 7f4-7f6 7fa-7fb 800-816 81a-81b 824-825 828-829'
    ' 840-859 860-86b 870-888 889-88f 8a0-8ca 904-93a 93d-93e 950-951 958-962 966-970 971-981 985-98d'
    ' 98f-991 993-9a9 9aa-9b1 9b2-9b3 9b6-9ba 9bd-9be 9ce-9cf 9dc-9de 9df-9e2 9e6-9f2 9f4-9fa 9fc-9fd'
    ' a05-a0b a0f-a11 a13-a29 a2a-a31 a32-a34 a35-a37 a38-a3a a59-a5d a5e-a5f a66-a70 a72-a75 a85-a8e'
    ' a8f-a92 a93-aa9 aaa-ab1 ab2-ab4 ab5-aba abd-abe ad0-ad1 ae0-ae2 ae6-af0 af9-afa b05-b0d b0f-b11'
    ' b13-b29 b2a-b31 b32-b34 b35-b3a b3d-b3e b5c-b5e b5f-b62 b66-b70 b71-b78 b83-b84 b85-b8b b8e-b91'
    ' b92-b96 b99-b9b b9c-b9d b9e-ba0 ba3-ba5 ba8-bab bae-bba bd0-bd1 be6-bf3 c05-c0d c0e-c11 c12-c29'
    ' c2a-c3a c3d-c3e c58-c5b c5d-c5e c60-c62 c66-c70 c78-c7f c80-c81 c85-c8d c8e-c91 c92-ca9 caa-cb4'
    ' cb5-cba cbd-cbe cdd-cdf ce0-ce2 ce6-cf0 cf1-cf3 d04-d0d d0e-d11 d12-d3b d3d-d3e d4e-d4f d54-d57'
    ' d58-d62 d66-d79 d7a-d80 d85-d97 d9a-db2 db3-dbc dbd-dbe dc0-dc7 de6-df0 e01-e31 e32-e34 e40-e47'
    ' e50-e5a e81-e83 e84-e85 e86-e8b e8c-ea4 ea5-ea6 ea7-eb1 eb2-eb4 ebd-ebe ec0-ec5 ec6-ec7 ed0-eda'
    ' edc-ee0 f00-f01 f20-f34 f40-f48 f49-f6d f88-f8d 1000-102b 103f-104a 1050-1056 105a-105e 1061-10'
    '62 1065-1067 106e-1071 1075-1082 108e-108f 1090-109a 10a0-10c6 10c7-10c8 10cd-10ce 10d0-10fb 10f'
    'c-1249 124a-124e 1250-1257 1258-1259 125a-125e 1260-1289 128a-128e 1290-12b1 12b2-12b6 12b8-12bf'
    ' 12c0-12c1 12c2-12c6 12c8-12d7 12d8-1311 1312-1316 1318-135b 1369-137d 1380-1390 13a0-13f6 13f8-'
    '13fe 1401-166d 166f-1680 1681-169b 16a0-16eb 16ee-16f9 1700-1712 171f-1732 1740-1752 1760-176d 1'
    '76e-1771 1780-17b4 17d7-17d8 17dc-17dd 17e0-17ea 17f0-17fa 1810-181a 1820-1879 1880-1885 1887-18'
    'a9 18aa-18ab 18b0-18f6 1900-191f 1946-196e 1970-1975 1980-19ac 19b0-19ca 19d0-19db 1a00-1a17 1a2'
    '0-1a55 1a80-1a8a 1a90-1a9a 1aa7-1aa8 1b05-1b34 1b45-1b4d 1b50-1b5a 1b83-1ba1 1bae-1be6 1c00-1c24'
    ' 1c40-1c4a 1c4d-1c7e 1c80-1c89 1c90-1cbb 1cbd-1cc0 1ce9-1ced 1cee-1cf4 1cf5-1cf7 1cfa-1cfb 1d00-'
    '1dc0 1e00-1f16 1f18-1f1e 1f20-1f46 1f48-1f4e 1f50-1f58 1f59-1f5a 1f5b-1f5c 1f5d-1f5e 1f5f-1f7e 1'
    'f80-1fb5 1fb6-1fbd 1fbe-1fbf 1fc2-1fc5 1fc6-1fcd 1fd0-1fd4 1fd6-1fdc 1fe0-1fed 1ff2-1ff5 1ff6-1f'
    'fd 2070-2072 2074-207a 207f-208a 2090-209d 2102-2103 2107-2108 210a-2114 2115-2116 2119-211e 212'
    '4-2125 2126-2127 2128-2129 212a-212e 212f-213a 213c-2140 2145-214a 214e-214f 2150-218a 2460-249c'
    ' 24ea-2500 2776-2794 2c00-2ce5 2ceb-2cef 2cf2-2cf4 2cfd-2cfe 2d00-2d26 2d27-2d28 2d2d-2d2e 2d30-'
    '2d68 2d6f-2d70 2d80-2d97 2da0-2da7 2da8-2daf 2db0-2db7 2db8-2dbf 2dc0-2dc7 2dc8-2dcf 2dd0-2dd7 2'
    'dd8-2ddf 2e2f-2e30 3005-3008 3021-302a 3031-3036 3038-303d 3041-3097 309d-30a0 30a1-30fb 30fc-31'
    '00 3105-3130 3131-318f 3192-3196 31a0-31c0 31f0-3200 3220-322a 3248-3250 3251-3260 3280-328a 32b'
    '1-32c0 3400-4dc0 4e00-a48d a4d0-a4fe a500-a60d a610-a62c a640-a66f a67f-a69e a6a0-a6f0 a717-a720'
    ' a722-a789 a78b-a7cb a7d0-a7d2 a7d3-a7d4 a7d5-a7da a7f2-a802 a803-a806 a807-a80b a80c-a823 a830-'
    'a836 a840-a874 a882-a8b4 a8d0-a8da a8f2-a8f8 a8fb-a8fc a8fd-a8ff a900-a926 a930-a947 a960-a97d a'
    '984-a9b3 a9cf-a9da a9e0-a9e5 a9e6-a9ff aa00-aa29 aa40-aa43 aa44-aa4c aa50-aa5a aa60-aa77 aa7a-aa'
    '7b aa7e-aab0 aab1-aab2 aab5-aab7 aab9-aabe aac0-aac1 aac2-aac3 aadb-aade aae0-aaeb aaf2-aaf5 ab0'
    '1-ab07 ab09-ab0f ab11-ab17 ab20-ab27 ab28-ab2f ab30-ab5b ab5c-ab6a ab70-abe3 abf0-abfa ac00-d7a4'
    ' d7b0-d7c7 d7cb-d7fc f900-fa6e fa70-fada fb00-fb07 fb13-fb18 fb1d-fb1e fb1f-fb29 fb2a-fb37 fb38-'
    'fb3d fb3e-fb3f fb40-fb42 fb43-fb45 fb46-fbb2 fbd3-fd3e fd50-fd90 fd92-fdc8 fdf0-fdfc fe70-fe75 f'
    'e76-fefd ff10-ff1a ff21-ff3b ff41-ff5b ff66-ffbf ffc2-ffc8 ffca-ffd0 ffd2-ffd8 ffda-ffdd 10000-1'
    '000c 1000d-10027 10028-1003b 1003c-1003e 1003f-1004e 10050-1005e 10080-100fb 10107-10134 10140-1'
    '0179 1018a-1018c 10280-1029d 102a0-102d1 102e1-102fc 10300-10324 1032d-1034b 10350-10376 10380-1'
    '039e 103a0-103c4 103c8-103d0 103d1-103d6 10400-1049e 104a0-104aa 104b0-104d4 104d8-104fc 10500-1'
    '0528 10530-10564 10570-1057b 1057c-1058b 1058c-10593 10594-10596 10597-105a2 105a3-105b2 105b3-1'
    '05ba 105bb-105bd 10600-10737 10740-10756 10760-10768 10780-10786 10787-107b1 107b2-107bb 10800-1'
    '0806 10808-10809 1080a-10836 10837-10839 1083c-1083d 1083f-10856 10858-10877 10879-1089f 108a7-1'
    '08b0 108e0-108f3 108f4-108f6 108fb-1091c 10920-1093a 10980-109b8 109bc-109d0 109d2-10a01 10a10-1'
    '0a14 10a15-10a18 10a19-10a36 10a40-10a49 10a60-10a7f 10a80-10aa0 10ac0-10ac8 10ac9-10ae5 10aeb-1'
    '0af0 10b00-10b36 10b40-10b56 10b58-10b73 10b78-10b92 10ba9-10bb0 10c00-10c49 10c80-10cb3 10cc0-1'
    '0cf3 10cfa-10d24 10d30-10d3a 10e60-10e7f 10e80-10eaa 10eb0-10eb2 10f00-10f28 10f30-10f46 10f51-1'
    '0f55 10f70-10f82 10fb0-10fcc 10fe0-10ff7 11003-11038 11052-11070 11071-11073 11075-11076 11083-1'
    '10b0 110d0-110e9 110f0-110fa 11103-11127 11136-11140 11144-11145 11147-11148 11150-11173 11176-1'
    '1177 11183-111b3 111c1-111c5 111d0-111db 111dc-111dd 111e1-111f5 11200-11212 11213-1122c 11280-1'
    '1287 11288-11289 1128a-1128e 1128f-1129e 1129f-112a9 112b0-112df 112f0-112fa 11305-1130d 1130f-1'
    '1311 11313-11329 1132a-11331 11332-11334 11335-1133a 1133d-1133e 11350-11351 1135d-11362 11400-1'
    '1435 11447-1144b 11450-1145a 1145f-11462 11480-114b0 114c4-114c6 114c7-114c8 114d0-114da 11580-1'
    '15af 115d8-115dc 11600-11630 11644-11645 11650-1165a 11680-116ab 116b8-116b9 116c0-116ca 11700-1'
    '171b 11730-1173c 11740-11747 11800-1182c 118a0-118f3 118ff-11907 11909-1190a 1190c-11914 11915-1'
    '1917 11918-11930 1193f-11940 11941-11942 11950-1195a 119a0-119a8 119aa-119d1 119e1-119e2 119e3-1'
    '19e4 11a00-11a01 11a0b-11a33 11a3a-11a3b 11a50-11a51 11a5c-11a8a 11a9d-11a9e 11ab0-11af9 11c00-1'
    '1c09 11c0a-11c2f 11c40-11c41 11c50-11c6d 11c72-11c90 11d00-11d07 11d08-11d0a 11d0b-11d31 11d46-1'
    '1d47 11d50-11d5a 11d60-11d66 11d67-11d69 11d6a-11d8a 11d98-11d99 11da0-11daa 11ee0-11ef3 11fb0-1'
    '1fb1 11fc0-11fd5 12000-1239a 12400-1246f 12480-12544 12f90-12ff1 13000-1342f 14400-14647 16800-1'
    '6a39 16a40-16a5f 16a60-16a6a 16a70-16abf 16ac0-16aca 16ad0-16aee 16b00-16b30 16b40-16b44 16b50-1'
    '6b5a 16b5b-16b62 16b63-16b78 16b7d-16b90 16e40-16e97 16f00-16f4b 16f50-16f51 16f93-16fa0 16fe0-1'
    '6fe2 16fe3-16fe4 17000-187f8 18800-18cd6 18d00-18d09 1aff0-1aff4 1aff5-1affc 1affd-1afff 1b000-1'
    'b123 1b150-1b153 1b164-1b168 1b170-1b2fc 1bc00-1bc6b 1bc70-1bc7d 1bc80-1bc89 1bc90-1bc9a 1d2e0-1'
    'd2f4 1d360-1d379 1d400-1d455 1d456-1d49d 1d49e-1d4a0 1d4a2-1d4a3 1d4a5-1d4a7 1d4a9-1d4ad 1d4ae-1'
    'd4ba 1d4bb-1d4bc 1d4bd-1d4c4 1d4c5-1d506 1d507-1d50b 1d50d-1d515 1d516-1d51d 1d51e-1d53a 1d53b-1'
    'd53f 1d540-1d545 1d546-1d547 1d54a-1d551 1d552-1d6a6 1d6a8-1d6c1 1d6c2-1d6db 1d6dc-1d6fb 1d6fc-1'
    'd715 1d716-1d735 1d736-1d74f 1d750-1d76f 1d770-1d789 1d78a-1d7a9 1d7aa-1d7c3 1d7c4-1d7cc 1d7ce-1'
    'd800 1df00-1df1f 1e100-1e12d 1e137-1e13e 1e140-1e14a 1e14e-1e14f 1e290-1e2ae 1e2c0-1e2ec 1e2f0-1'
    'e2fa 1e7e0-1e7e7 1e7e8-1e7ec 1e7ed-1e7ef 1e7f0-1e7ff 1e800-1e8c5 1e8c7-1e8d0 1e900-1e944 1e94b-1'
    'e94c 1e950-1e95a 1ec71-1ecac 1ecad-1ecb0 1ecb1-1ecb5 1ed01-1ed2e 1ed2f-1ed3e 1ee00-1ee04 1ee05-1'
    'ee20 1ee21-1ee23 1ee24-1ee25 1ee27-1ee28 1ee29-1ee33 1ee34-1ee38 1ee39-1ee3a 1ee3b-1ee3c 1ee42-1'
    'ee43 1ee47-1ee48 1ee49-1ee4a 1ee4b-1ee4c 1ee4d-1ee50 1ee51-1ee53 1ee54-1ee55 1ee57-1ee58 1ee59-1'
    'ee5a 1ee5b-1ee5c 1ee5d-1ee5e 1ee5f-1ee60 1ee61-1ee63 1ee64-1ee65 1ee67-1ee6b 1ee6c-1ee73 1ee74-1'
    'ee78 1ee79-1ee7d 1ee7e-1ee7f 1ee80-1ee8a 1ee8b-1ee9c 1eea1-1eea4 1eea5-1eeaa 1eeab-1eebc 1f100-1'
    'f10d 1fbf0-1fbfa 20000-2a6e0 2a700-2b739 2b740-2b81e 2b820-2cea2 2ceb0-2ebe1 2f800-2fa1e 30000-3'
    '134b',
    '0-30 3a-41 5b-5f 60-61 7b-aa ab-b2 b4-b5 b6-b9 bb-bc bf-c0 d7-d8 f7-f8 2c2-2c6 2d2-2e0 2e5-2ec 2'
    'ed-2ee 2ef-370 375-376 378-37a 37e-37f 380-386 387-388 38b-38c 38d-38e 3a2-3a3 3f6-3f7 482-48a 5'
    '30-531 557-559 55a-560 589-5d0 5eb-5ef 5f3-620 64b-660 66a-66e 670-671 6d4-6d5 6d6-6e5 6e7-6ee 6'
    'fd-6ff 700-710 711-712 730-74d 7a6-7b1 7b2-7c0 7eb-7f4 7f6-7fa 7fb-800 816-81a 81b-824 825-828 8'
    '29-840 859-860 86b-870 888-889 88f-8a0 8ca-904 93a-93d 93e-950 951-958 962-966 970-971 981-985 9'
    '8d-98f 991-993 9a9-9aa 9b1-9b2 9b3-9b6 9ba-9bd 9be-9ce 9cf-9dc 9de-9df 9e2-9e6 9f2-9f4 9fa-9fc 9'
    'fd-a05 a0b-a0f a11-a13 a29-a2a a31-a32 a34-a35 a37-a38 a3a-a59 a5d-a5e a5f-a66 a70-a72 a75-a85 a'
    '8e-a8f a92-a93 aa9-aaa ab1-ab2 ab4-ab5 aba-abd abe-ad0 ad1-ae0 ae2-ae6 af0-af9 afa-b05 b0d-b0f b'
    '11-b13 b29-b2a b31-b32 b34-b35 b3a-b3d b3e-b5c b5e-b5f b62-b66 b70-b71 b78-b83 b84-b85 b8b-b8e b'
    '91-b92 b96-b99 b9b-b9c b9d-b9e ba0-ba3 ba5-ba8 bab-bae bba-bd0 bd1-be6 bf3-c05 c0d-c0e c11-c12 c'
    '29-c2a c3a-c3d c3e-c58 c5b-c5d c5e-c60 c62-c66 c70-c78 c7f-c80 c81-c85 c8d-c8e c91-c92 ca9-caa c'
    'b4-cb5 cba-cbd cbe-cdd cdf-ce0 ce2-ce6 cf0-cf1 cf3-d04 d0d-d0e d11-d12 d3b-d3d d3e-d4e d4f-d54 d'
    '57-d58 d62-d66 d79-d7a d80-d85 d97-d9a db2-db3 dbc-dbd dbe-dc0 dc7-de6 df0-e01 e31-e32 e34-e40 e'
    '47-e50 e5a-e81 e83-e84 e85-e86 e8b-e8c ea4-ea5 ea6-ea7 eb1-eb2 eb4-ebd ebe-ec0 ec5-ec6 ec7-ed0 e'
    'da-edc ee0-f00 f01-f20 f34-f40 f48-f49 f6d-f88 f8d-1000 102b-103f 104a-1050 1056-105a 105e-1061 '
    '1062-1065 1067-106e 1071-1075 1082-108e 108f-1090 109a-10a0 10c6-10c7 10c8-10cd 10ce-10d0 10fb-1'
    '0fc 1249-124a 124e-1250 1257-1258 1259-125a 125e-1260 1289-128a 128e-1290 12b1-12b2 12b6-12b8 12'
    'bf-12c0 12c1-12c2 12c6-12c8 12d7-12d8 1311-1312 1316-1318 135b-1369 137d-1380 1390-13a0 13f6-13f'
    '8 13fe-1401 166d-166f 1680-1681 169b-16a0 16eb-16ee 16f9-1700 1712-171f 1732-1740 1752-1760 176d'
    '-176e 1771-1780 17b4-17d7 17d8-17dc 17dd-17e0 17ea-17f0 17fa-1810 181a-1820 1879-1880 1885-1887 '
    '18a9-18aa 18ab-18b0 18f6-1900 191f-1946 196e-1970 1975-1980 19ac-19b0 19ca-19d0 19db-1a00 1a17-1'
    'a20 1a55-1a80 1a8a-1a90 1a9a-1aa7 1aa8-1b05 1b34-1b45 1b4d-1b50 1b5a-1b83 1ba1-1bae 1be6-1c00 1c'
    '24-1c40 1c4a-1c4d 1c7e-1c80 1c89-1c90 1cbb-1cbd 1cc0-1ce9 1ced-1cee 1cf4-1cf5 1cf7-1cfa 1cfb-1d0'
    '0 1dc0-1e00 1f16-1f18 1f1e-1f20 1f46-1f48 1f4e-1f50 1f58-1f59 1f5a-1f5b 1f5c-1f5d 1f5e-1f5f 1f7e'
    '-1f80 1fb5-1fb6 1fbd-1fbe 1fbf-1fc2 1fc5-1fc6 1fcd-1fd0 1fd4-1fd6 1fdc-1fe0 1fed-1ff2 1ff5-1ff6 '
    '1ffd-2070 2072-2074 207a-207f 208a-2090 209d-2102 2103-2107 2108-210a 2114-2115 2116-2119 211e-2'
    '124 2125-2126 2127-2128 2129-212a 212e-212f 213a-213c 2140-2145 214a-214e 214f-2150 218a-2460 24'
    '9c-24ea 2500-2776 2794-2c00 2ce5-2ceb 2cef-2cf2 2cf4-2cfd 2cfe-2d00 2d26-2d27 2d28-2d2d 2d2e-2d3'
    '0 2d68-2d6f 2d70-2d80 2d97-2da0 2da7-2da8 2daf-2db0 2db7-2db8 2dbf-2dc0 2dc7-2dc8 2dcf-2dd0 2dd7'
    '-2dd8 2ddf-2e2f 2e30-3005 3008-3021 302a-3031 3036-3038 303d-3041 3097-309d 30a0-30a1 30fb-30fc '
    '3100-3105 3130-3131 318f-3192 3196-31a0 31c0-31f0 3200-3220 322a-3248 3250-3251 3260-3280 328a-3'
    '2b1 32c0-3400 4dc0-4e00 a48d-a4d0 a4fe-a500 a60d-a610 a62c-a640 a66f-a67f a69e-a6a0 a6f0-a717 a7'
    '20-a722 a789-a78b a7cb-a7d0 a7d2-a7d3 a7d4-a7d5 a7da-a7f2 a802-a803 a806-a807 a80b-a80c a823-a83'
    '0 a836-a840 a874-a882 a8b4-a8d0 a8da-a8f2 a8f8-a8fb a8fc-a8fd a8ff-a900 a926-a930 a947-a960 a97d'
    '-a984 a9b3-a9cf a9da-a9e0 a9e5-a9e6 a9ff-aa00 aa29-aa40 aa43-aa44 aa4c-aa50 aa5a-aa60 aa77-aa7a '
    'aa7b-aa7e aab0-aab1 aab2-aab5 aab7-aab9 aabe-aac0 aac1-aac2 aac3-aadb aade-aae0 aaeb-aaf2 aaf5-a'
    'b01 ab07-ab09 ab0f-ab11 ab17-ab20 ab27-ab28 ab2f-ab30 ab5b-ab5c ab6a-ab70 abe3-abf0 abfa-ac00 d7'
    'a4-d7b0 d7c7-d7cb d7fc-f900 fa6e-fa70 fada-fb00 fb07-fb13 fb18-fb1d fb1e-fb1f fb29-fb2a fb37-fb3'
    '8 fb3d-fb3e fb3f-fb40 fb42-fb43 fb45-fb46 fbb2-fbd3 fd3e-fd50 fd90-fd92 fdc8-fdf0 fdfc-fe70 fe75'
    '-fe76 fefd-ff10 ff1a-ff21 ff3b-ff41 ff5b-ff66 ffbf-ffc2 ffc8-ffca ffd0-ffd2 ffd8-ffda ffdd-10000'
    ' 1000c-1000d 10027-10028 1003b-1003c 1003e-1003f 1004e-10050 1005e-10080 100fb-10107 10134-10140'
    ' 10179-1018a 1018c-10280 1029d-102a0 102d1-102e1 102fc-10300 10324-1032d 1034b-10350 10376-10380'
    ' 1039e-103a0 103c4-103c8 103d0-103d1 103d6-10400 1049e-104a0 104aa-104b0 104d4-104d8 104fc-10500'
    ' 10528-10530 10564-10570 1057b-1057c 1058b-1058c 10593-10594 10596-10597 105a2-105a3 105b2-105b3'
    ' 105ba-105bb 105bd-10600 10737-10740 10756-10760 10768-10780 10786-10787 107b1-107b2 107bb-10800'
    ' 10806-10808 10809-1080a 10836-10837 10839-1083c 1083d-1083f 10856-10858 10877-10879 1089f-108a7'
    ' 108b0-108e0 108f3-108f4 108f6-108fb 1091c-10920 1093a-10980 109b8-109bc 109d0-109d2 10a01-10a10'
    ' 10a14-10a15 10a18-10a19 10a36-10a40 10a49-10a60 10a7f-10a80 10aa0-10ac0 10ac8-10ac9 10ae5-10aeb'
    ' 10af0-10b00 10b36-10b40 10b56-10b58 10b73-10b78 10b92-10ba9 10bb0-10c00 10c49-10c80 10cb3-10cc0'
    ' 10cf3-10cfa 10d24-10d30 10d3a-10e60 10e7f-10e80 10eaa-10eb0 10eb2-10f00 10f28-10f30 10f46-10f51'
    ' 10f55-10f70 10f82-10fb0 10fcc-10fe0 10ff7-11003 11038-11052 11070-11071 11073-11075 11076-11083'
    ' 110b0-110d0 110e9-110f0 110fa-11103 11127-11136 11140-11144 11145-11147 11148-11150 11173-11176'
    ' 11177-11183 111b3-111c1 111c5-111d0 111db-111dc 111dd-111e1 111f5-11200 11212-11213 1122c-11280'
    ' 11287-11288 11289-1128a 1128e-1128f 1129e-1129f 112a9-112b0 112df-112f0 112fa-11305 1130d-1130f'
    ' 11311-11313 11329-1132a 11331-11332 11334-11335 1133a-1133d 1133e-11350 11351-1135d 11362-11400'
    ' 11435-11447 1144b-11450 1145a-1145f 11462-11480 114b0-114c4 114c6-114c7 114c8-114d0 114da-11580'
    ' 115af-115d8 115dc-11600 11630-11644 11645-11650 1165a-11680 116ab-116b8 116b9-116c0 116ca-11700'
    ' 1171b-11730 1173c-11740 11747-11800 1182c-118a0 118f3-118ff 11907-11909 1190a-1190c 11914-11915'
    ' 11917-11918 11930-1193f 11940-11941 11942-11950 1195a-119a0 119a8-119aa 119d1-119e1 119e2-119e3'
    ' 119e4-11a00 11a01-11a0b 11a33-11a3a 11a3b-11a50 11a51-11a5c 11a8a-11a9d 11a9e-11ab0 11af9-11c00'
    ' 11c09-11c0a 11c2f-11c40 11c41-11c50 11c6d-11c72 11c90-11d00 11d07-11d08 11d0a-11d0b 11d31-11d46'
    ' 11d47-11d50 11d5a-11d60 11d66-11d67 11d69-11d6a 11d8a-11d98 11d99-11da0 11daa-11ee0 11ef3-11fb0'
    ' 11fb1-11fc0 11fd5-12000 1239a-12400 1246f-12480 12544-12f90 12ff1-13000 1342f-14400 14647-16800'
    ' 16a39-16a40 16a5f-16a60 16a6a-16a70 16abf-16ac0 16aca-16ad0 16aee-16b00 16b30-16b40 16b44-16b50'
    ' 16b5a-16b5b 16b62-16b63 16b78-16b7d 16b90-16e40 16e97-16f00 16f4b-16f50 16f51-16f93 16fa0-16fe0'
    ' 16fe2-16fe3 16fe4-17000 187f8-18800 18cd6-18d00 18d09-1aff0 1aff4-1aff5 1affc-1affd 1afff-1b000'
    ' 1b123-1b150 1b153-1b164 1b168-1b170 1b2fc-1bc00 1bc6b-1bc70 1bc7d-1bc80 1bc89-1bc90 1bc9a-1d2e0'
    ' 1d2f4-1d360 1d379-1d400 1d455-1d456 1d49d-1d49e 1d4a0-1d4a2 1d4a3-1d4a5 1d4a7-1d4a9 1d4ad-1d4ae'
    ' 1d4ba-1d4bb 1d4bc-1d4bd 1d4c4-1d4c5 1d506-1d507 1d50b-1d50d 1d515-1d516 1d51d-1d51e 1d53a-1d53b'
    ' 1d53f-1d540 1d545-1d546 1d547-1d54a 1d551-1d552 1d6a6-1d6a8 1d6c1-1d6c2 1d6db-1d6dc 1d6fb-1d6fc'
    ' 1d715-1d716 1d735-1d736 1d74f-1d750 1d76f-1d770 1d789-1d78a 1d7a9-1d7aa 1d7c3-1d7c4 1d7cc-1d7ce'
    ' 1d800-1df00 1df1f-1e100 1e12d-1e137 1e13e-1e140 1e14a-1e14e 1e14f-1e290 1e2ae-1e2c0 1e2ec-1e2f0'
    ' 1e2fa-1e7e0 1e7e7-1e7e8 1e7ec-1e7ed 1e7ef-1e7f0 1e7ff-1e800 1e8c5-1e8c7 1e8d0-1e900 1e944-1e94b'
    ' 1e94c-1e950 1e95a-1ec71 1ecac-1ecad 1ecb0-1ecb1 1ecb5-1ed01 1ed2e-1ed2f 1ed3e-1ee00 1ee04-1ee05'
    ' 1ee20-1ee21 1ee23-1ee24 1ee25-1ee27 1ee28-1ee29 1ee33-1ee34 1ee38-1ee39 1ee3a-1ee3b 1ee3c-1ee42'
    ' 1ee43-1ee47 1ee48-1ee49 1ee4a-1ee4b 1ee4c-1ee4d 1ee50-1ee51 1ee53-1ee54 1ee55-1ee57 1ee58-1ee59'
    ' 1ee5a-1ee5b 1ee5c-1ee5d 1ee5e-1ee5f 1ee60-1ee61 1ee63-1ee64 1ee65-1ee67 1ee6b-1ee6c 1ee73-1ee74'
    ' 1ee78-1ee79 1ee7d-1ee7e 1ee7f-1ee80 1ee8a-1ee8b 1ee9c-1eea1 1eea4-1eea5 1eeaa-1eeab 1eebc-1f100'
    ' 1f10d-1fbf0 1fbfa-20000 2a6e0-2a700 2b739-2b740 2b81e-2b820 2cea2-2ceb0 2ebe1-2f800 2fa1e-30000'
    ' 3134b-110000',
    '0-110000',
    '9-e 20-21',
    '0-9 e-20 21-110000',
    '30-3a',
    '0-30 3a-110000',
    '30-3a 41-5b 5f-60 61-7b',
    '0-30 3a-41 5b-5f 60-61 7b-110000',
)

#: (repr of the parse node, flags & TABLED_FLAGS) -> the position of its set in SETS.
BIG_CLASSES: dict[tuple[str, int], int] = {
    ('(ANY, None)', 32): 0,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 32): 1,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 32): 2,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 32): 3,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 32): 4,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 32): 5,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 32): 6,
    ('(ANY, None)', 34): 0,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 34): 1,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 34): 2,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 34): 3,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 34): 4,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 34): 5,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 34): 6,
    ('(ANY, None)', 48): 7,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 48): 1,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 48): 2,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 48): 3,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 48): 4,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 48): 5,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 48): 6,
    ('(ANY, None)', 50): 7,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 50): 1,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 50): 2,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 50): 3,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 50): 4,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 50): 5,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 50): 6,
    ('(ANY, None)', 256): 0,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 256): 8,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 256): 9,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 256): 10,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 256): 11,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 256): 12,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 256): 13,
    ('(ANY, None)', 258): 0,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 258): 8,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 258): 9,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 258): 10,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 258): 11,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 258): 12,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 258): 13,
    ('(ANY, None)', 272): 7,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 272): 8,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 272): 9,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 272): 10,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 272): 11,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 272): 12,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 272): 13,
    ('(ANY, None)', 274): 7,
    ('(IN, [(CATEGORY, CATEGORY_SPACE)])', 274): 8,
    ('(IN, [(CATEGORY, CATEGORY_NOT_SPACE)])', 274): 9,
    ('(IN, [(CATEGORY, CATEGORY_DIGIT)])', 274): 10,
    ('(IN, [(CATEGORY, CATEGORY_NOT_DIGIT)])', 274): 11,
    ('(IN, [(CATEGORY, CATEGORY_WORD)])', 274): 12,
    ('(IN, [(CATEGORY, CATEGORY_NOT_WORD)])', 274): 13,
}

#: Code points IGNORECASE matches for one another: classes (of two or more) separated by spaces,
#: members by commas, in hexadecimal.
CASE_CLASSES: str = (
    '41,61 42,62 43,63 44,64 45,65 46,66 47,67 48,68 49,69,130,131 4a,6a 4b,6b,212a 4c,6c 4d,6d 4e,6e'
    ' 4f,6f 50,70 51,71 52,72 53,73,17f 54,74 55,75 56,76 57,77 58,78 59,79 5a,7a b5,39c,3bc c0,e0 c1'
    ',e1 c2,e2 c3,e3 c4,e4 c5,e5,212b c6,e6 c7,e7 c8,e8 c9,e9 ca,ea cb,eb cc,ec cd,ed ce,ee cf,ef d0,'
    'f0 d1,f1 d2,f2 d3,f3 d4,f4 d5,f5 d6,f6 d8,f8 d9,f9 da,fa db,fb dc,fc dd,fd de,fe df,1e9e ff,178 '
    '100,101 102,103 104,105 106,107 108,109 10a,10b 10c,10d 10e,10f 110,111 112,113 114,115 116,117 '
    '118,119 11a,11b 11c,11d 11e,11f 120,121 122,123 124,125 126,127 128,129 12a,12b 12c,12d 12e,12f '
    '132,133 134,135 136,137 139,13a 13b,13c 13d,13e 13f,140 141,142 143,144 145,146 147,148 14a,14b '
    '14c,14d 14e,14f 150,151 152,153 154,155 156,157 158,159 15a,15b 15c,15d 15e,15f 160,161 162,163 '
    '164,165 166,167 168,169 16a,16b 16c,16d 16e,16f 170,171 172,173 174,175 176,177 179,17a 17b,17c '
    '17d,17e 180,243 181,253 182,183 184,185 186,254 187,188 189,256 18a,257 18b,18c 18e,1dd 18f,259 '
    '190,25b 191,192 193,260 194,263 195,1f6 196,269 197,268 198,199 19a,23d 19c,26f 19d,272 19e,220 '
    '19f,275 1a0,1a1 1a2,1a3 1a4,1a5 1a6,280 1a7,1a8 1a9,283 1ac,1ad 1ae,288 1af,1b0 1b1,28a 1b2,28b '
    '1b3,1b4 1b5,1b6 1b7,292 1b8,1b9 1bc,1bd 1bf,1f7 1c4,1c5,1c6 1c7,1c8,1c9 1ca,1cb,1cc 1cd,1ce 1cf,'
    '1d0 1d1,1d2 1d3,1d4 1d5,1d6 1d7,1d8 1d9,1da 1db,1dc 1de,1df 1e0,1e1 1e2,1e3 1e4,1e5 1e6,1e7 1e8,'
    '1e9 1ea,1eb 1ec,1ed 1ee,1ef 1f1,1f2,1f3 1f4,1f5 1f8,1f9 1fa,1fb 1fc,1fd 1fe,1ff 200,201 202,203 '
    '204,205 206,207 208,209 20a,20b 20c,20d 20e,20f 210,211 212,213 214,215 216,217 218,219 21a,21b '
    '21c,21d 21e,21f 222,223 224,225 226,227 228,229 22a,22b 22c,22d 22e,22f 230,231 232,233 23a,2c65'
    ' 23b,23c 23e,2c66 23f,2c7e 240,2c7f 241,242 244,289 245,28c 246,247 248,249 24a,24b 24c,24d 24e,'
    '24f 250,2c6f 251,2c6d 252,2c70 25c,a7ab 261,a7ac 265,a78d 266,a7aa 26a,a7ae 26b,2c62 26c,a7ad 27'
    '1,2c6e 27d,2c64 282,a7c5 287,a7b1 29d,a7b2 29e,a7b0 345,399,3b9,1fbe 370,371 372,373 376,377 37b'
    ',3fd 37c,3fe 37d,3ff 37f,3f3 386,3ac 388,3ad 389,3ae 38a,3af 38c,3cc 38e,3cd 38f,3ce 390,1fd3 39'
    '1,3b1 392,3b2,3d0 393,3b3 394,3b4 395,3b5,3f5 396,3b6 397,3b7 398,3b8,3d1,3f4 39a,3ba,3f0 39b,3b'
    'b 39d,3bd 39e,3be 39f,3bf 3a0,3c0,3d6 3a1,3c1,3f1 3a3,3c2,3c3 3a4,3c4 3a5,3c5 3a6,3c6,3d5 3a7,3c'
    '7 3a8,3c8 3a9,3c9,2126 3aa,3ca 3ab,3cb 3b0,1fe3 3cf,3d7 3d8,3d9 3da,3db 3dc,3dd 3de,3df 3e0,3e1 '
    '3e2,3e3 3e4,3e5 3e6,3e7 3e8,3e9 3ea,3eb 3ec,3ed 3ee,3ef 3f2,3f9 3f7,3f8 3fa,3fb 400,450 401,451 '
    '402,452 403,453 404,454 405,455 406,456 407,457 408,458 409,459 40a,45a 40b,45b 40c,45c 40d,45d '
    '40e,45e 40f,45f 410,430 411,431 412,432,1c80 413,433 414,434,1c81 415,435 416,436 417,437 418,43'
    '8 419,439 41a,43a 41b,43b 41c,43c 41d,43d 41e,43e,1c82 41f,43f 420,440 421,441,1c83 422,442,1c84'
    ',1c85 423,443 424,444 425,445 426,446 427,447 428,448 429,449 42a,44a,1c86 42b,44b 42c,44c 42d,4'
    '4d 42e,44e 42f,44f 460,461 462,463,1c87 464,465 466,467 468,469 46a,46b 46c,46d 46e,46f 470,471 '
    '472,473 474,475 476,477 478,479 47a,47b 47c,47d 47e,47f 480,481 48a,48b 48c,48d 48e,48f 490,491 '
    '492,493 494,495 496,497 498,499 49a,49b 49c,49d 49e,49f 4a0,4a1 4a2,4a3 4a4,4a5 4a6,4a7 4a8,4a9 '
    '4aa,4ab 4ac,4ad 4ae,4af 4b0,4b1 4b2,4b3 4b4,4b5 4b6,4b7 4b8,4b9 4ba,4bb 4bc,4bd 4be,4bf 4c0,4cf '
    '4c1,4c2 4c3,4c4 4c5,4c6 4c7,4c8 4c9,4ca 4cb,4cc 4cd,4ce 4d0,4d1 4d2,4d3 4d4,4d5 4d6,4d7 4d8,4d9 '
    '4da,4db 4dc,4dd 4de,4df 4e0,4e1 4e2,4e3 4e4,4e5 4e6,4e7 4e8,4e9 4ea,4eb 4ec,4ed 4ee,4ef 4f0,4f1 '
    '4f2,4f3 4f4,4f5 4f6,4f7 4f8,4f9 4fa,4fb 4fc,4fd 4fe,4ff 500,501 502,503 504,505 506,507 508,509 '
    '50a,50b 50c,50d 50e,50f 510,511 512,513 514,515 516,517 518,519 51a,51b 51c,51d 51e,51f 520,521 '
    '522,523 524,525 526,527 528,529 52a,52b 52c,52d 52e,52f 531,561 532,562 533,563 534,564 535,565 '
    '536,566 537,567 538,568 539,569 53a,56a 53b,56b 53c,56c 53d,56d 53e,56e 53f,56f 540,570 541,571 '
    '542,572 543,573 544,574 545,575 546,576 547,577 548,578 549,579 54a,57a 54b,57b 54c,57c 54d,57d '
    '54e,57e 54f,57f 550,580 551,581 552,582 553,583 554,584 555,585 556,586 10a0,2d00 10a1,2d01 10a2'
    ',2d02 10a3,2d03 10a4,2d04 10a5,2d05 10a6,2d06 10a7,2d07 10a8,2d08 10a9,2d09 10aa,2d0a 10ab,2d0b '
    '10ac,2d0c 10ad,2d0d 10ae,2d0e 10af,2d0f 10b0,2d10 10b1,2d11 10b2,2d12 10b3,2d13 10b4,2d14 10b5,2'
    'd15 10b6,2d16 10b7,2d17 10b8,2d18 10b9,2d19 10ba,2d1a 10bb,2d1b 10bc,2d1c 10bd,2d1d 10be,2d1e 10'
    'bf,2d1f 10c0,2d20 10c1,2d21 10c2,2d22 10c3,2d23 10c4,2d24 10c5,2d25 10c7,2d27 10cd,2d2d 10d0,1c9'
    '0 10d1,1c91 10d2,1c92 10d3,1c93 10d4,1c94 10d5,1c95 10d6,1c96 10d7,1c97 10d8,1c98 10d9,1c99 10da'
    ',1c9a 10db,1c9b 10dc,1c9c 10dd,1c9d 10de,1c9e 10df,1c9f 10e0,1ca0 10e1,1ca1 10e2,1ca2 10e3,1ca3 '
    '10e4,1ca4 10e5,1ca5 10e6,1ca6 10e7,1ca7 10e8,1ca8 10e9,1ca9 10ea,1caa 10eb,1cab 10ec,1cac 10ed,1'
    'cad 10ee,1cae 10ef,1caf 10f0,1cb0 10f1,1cb1 10f2,1cb2 10f3,1cb3 10f4,1cb4 10f5,1cb5 10f6,1cb6 10'
    'f7,1cb7 10f8,1cb8 10f9,1cb9 10fa,1cba 10fd,1cbd 10fe,1cbe 10ff,1cbf 13a0,ab70 13a1,ab71 13a2,ab7'
    '2 13a3,ab73 13a4,ab74 13a5,ab75 13a6,ab76 13a7,ab77 13a8,ab78 13a9,ab79 13aa,ab7a 13ab,ab7b 13ac'
    ',ab7c 13ad,ab7d 13ae,ab7e 13af,ab7f 13b0,ab80 13b1,ab81 13b2,ab82 13b3,ab83 13b4,ab84 13b5,ab85 '
    '13b6,ab86 13b7,ab87 13b8,ab88 13b9,ab89 13ba,ab8a 13bb,ab8b 13bc,ab8c 13bd,ab8d 13be,ab8e 13bf,a'
    'b8f 13c0,ab90 13c1,ab91 13c2,ab92 13c3,ab93 13c4,ab94 13c5,ab95 13c6,ab96 13c7,ab97 13c8,ab98 13'
    'c9,ab99 13ca,ab9a 13cb,ab9b 13cc,ab9c 13cd,ab9d 13ce,ab9e 13cf,ab9f 13d0,aba0 13d1,aba1 13d2,aba'
    '2 13d3,aba3 13d4,aba4 13d5,aba5 13d6,aba6 13d7,aba7 13d8,aba8 13d9,aba9 13da,abaa 13db,abab 13dc'
    ',abac 13dd,abad 13de,abae 13df,abaf 13e0,abb0 13e1,abb1 13e2,abb2 13e3,abb3 13e4,abb4 13e5,abb5 '
    '13e6,abb6 13e7,abb7 13e8,abb8 13e9,abb9 13ea,abba 13eb,abbb 13ec,abbc 13ed,abbd 13ee,abbe 13ef,a'
    'bbf 13f0,13f8 13f1,13f9 13f2,13fa 13f3,13fb 13f4,13fc 13f5,13fd 1c88,a64a,a64b 1d79,a77d 1d7d,2c'
    '63 1d8e,a7c6 1e00,1e01 1e02,1e03 1e04,1e05 1e06,1e07 1e08,1e09 1e0a,1e0b 1e0c,1e0d 1e0e,1e0f 1e1'
    '0,1e11 1e12,1e13 1e14,1e15 1e16,1e17 1e18,1e19 1e1a,1e1b 1e1c,1e1d 1e1e,1e1f 1e20,1e21 1e22,1e23'
    ' 1e24,1e25 1e26,1e27 1e28,1e29 1e2a,1e2b 1e2c,1e2d 1e2e,1e2f 1e30,1e31 1e32,1e33 1e34,1e35 1e36,'
    '1e37 1e38,1e39 1e3a,1e3b 1e3c,1e3d 1e3e,1e3f 1e40,1e41 1e42,1e43 1e44,1e45 1e46,1e47 1e48,1e49 1'
    'e4a,1e4b 1e4c,1e4d 1e4e,1e4f 1e50,1e51 1e52,1e53 1e54,1e55 1e56,1e57 1e58,1e59 1e5a,1e5b 1e5c,1e'
    '5d 1e5e,1e5f 1e60,1e61,1e9b 1e62,1e63 1e64,1e65 1e66,1e67 1e68,1e69 1e6a,1e6b 1e6c,1e6d 1e6e,1e6'
    'f 1e70,1e71 1e72,1e73 1e74,1e75 1e76,1e77 1e78,1e79 1e7a,1e7b 1e7c,1e7d 1e7e,1e7f 1e80,1e81 1e82'
    ',1e83 1e84,1e85 1e86,1e87 1e88,1e89 1e8a,1e8b 1e8c,1e8d 1e8e,1e8f 1e90,1e91 1e92,1e93 1e94,1e95 '
    '1ea0,1ea1 1ea2,1ea3 1ea4,1ea5 1ea6,1ea7 1ea8,1ea9 1eaa,1eab 1eac,1ead 1eae,1eaf 1eb0,1eb1 1eb2,1'
    'eb3 1eb4,1eb5 1eb6,1eb7 1eb8,1eb9 1eba,1ebb 1ebc,1ebd 1ebe,1ebf 1ec0,1ec1 1ec2,1ec3 1ec4,1ec5 1e'
    'c6,1ec7 1ec8,1ec9 1eca,1ecb 1ecc,1ecd 1ece,1ecf 1ed0,1ed1 1ed2,1ed3 1ed4,1ed5 1ed6,1ed7 1ed8,1ed'
    '9 1eda,1edb 1edc,1edd 1ede,1edf 1ee0,1ee1 1ee2,1ee3 1ee4,1ee5 1ee6,1ee7 1ee8,1ee9 1eea,1eeb 1eec'
    ',1eed 1eee,1eef 1ef0,1ef1 1ef2,1ef3 1ef4,1ef5 1ef6,1ef7 1ef8,1ef9 1efa,1efb 1efc,1efd 1efe,1eff '
    '1f00,1f08 1f01,1f09 1f02,1f0a 1f03,1f0b 1f04,1f0c 1f05,1f0d 1f06,1f0e 1f07,1f0f 1f10,1f18 1f11,1'
    'f19 1f12,1f1a 1f13,1f1b 1f14,1f1c 1f15,1f1d 1f20,1f28 1f21,1f29 1f22,1f2a 1f23,1f2b 1f24,1f2c 1f'
    '25,1f2d 1f26,1f2e 1f27,1f2f 1f30,1f38 1f31,1f39 1f32,1f3a 1f33,1f3b 1f34,1f3c 1f35,1f3d 1f36,1f3'
    'e 1f37,1f3f 1f40,1f48 1f41,1f49 1f42,1f4a 1f43,1f4b 1f44,1f4c 1f45,1f4d 1f51,1f59 1f53,1f5b 1f55'
    ',1f5d 1f57,1f5f 1f60,1f68 1f61,1f69 1f62,1f6a 1f63,1f6b 1f64,1f6c 1f65,1f6d 1f66,1f6e 1f67,1f6f '
    '1f70,1fba 1f71,1fbb 1f72,1fc8 1f73,1fc9 1f74,1fca 1f75,1fcb 1f76,1fda 1f77,1fdb 1f78,1ff8 1f79,1'
    'ff9 1f7a,1fea 1f7b,1feb 1f7c,1ffa 1f7d,1ffb 1f80,1f88 1f81,1f89 1f82,1f8a 1f83,1f8b 1f84,1f8c 1f'
    '85,1f8d 1f86,1f8e 1f87,1f8f 1f90,1f98 1f91,1f99 1f92,1f9a 1f93,1f9b 1f94,1f9c 1f95,1f9d 1f96,1f9'
    'e 1f97,1f9f 1fa0,1fa8 1fa1,1fa9 1fa2,1faa 1fa3,1fab 1fa4,1fac 1fa5,1fad 1fa6,1fae 1fa7,1faf 1fb0'
    ',1fb8 1fb1,1fb9 1fb3,1fbc 1fc3,1fcc 1fd0,1fd8 1fd1,1fd9 1fe0,1fe8 1fe1,1fe9 1fe5,1fec 1ff3,1ffc '
    '2132,214e 2160,2170 2161,2171 2162,2172 2163,2173 2164,2174 2165,2175 2166,2176 2167,2177 2168,2'
    '178 2169,2179 216a,217a 216b,217b 216c,217c 216d,217d 216e,217e 216f,217f 2183,2184 24b6,24d0 24'
    'b7,24d1 24b8,24d2 24b9,24d3 24ba,24d4 24bb,24d5 24bc,24d6 24bd,24d7 24be,24d8 24bf,24d9 24c0,24d'
    'a 24c1,24db 24c2,24dc 24c3,24dd 24c4,24de 24c5,24df 24c6,24e0 24c7,24e1 24c8,24e2 24c9,24e3 24ca'
    ',24e4 24cb,24e5 24cc,24e6 24cd,24e7 24ce,24e8 24cf,24e9 2c00,2c30 2c01,2c31 2c02,2c32 2c03,2c33 '
    '2c04,2c34 2c05,2c35 2c06,2c36 2c07,2c37 2c08,2c38 2c09,2c39 2c0a,2c3a 2c0b,2c3b 2c0c,2c3c 2c0d,2'
    'c3d 2c0e,2c3e 2c0f,2c3f 2c10,2c40 2c11,2c41 2c12,2c42 2c13,2c43 2c14,2c44 2c15,2c45 2c16,2c46 2c'
    '17,2c47 2c18,2c48 2c19,2c49 2c1a,2c4a 2c1b,2c4b 2c1c,2c4c 2c1d,2c4d 2c1e,2c4e 2c1f,2c4f 2c20,2c5'
    '0 2c21,2c51 2c22,2c52 2c23,2c53 2c24,2c54 2c25,2c55 2c26,2c56 2c27,2c57 2c28,2c58 2c29,2c59 2c2a'
    ',2c5a 2c2b,2c5b 2c2c,2c5c 2c2d,2c5d 2c2e,2c5e 2c2f,2c5f 2c60,2c61 2c67,2c68 2c69,2c6a 2c6b,2c6c '
    '2c72,2c73 2c75,2c76 2c80,2c81 2c82,2c83 2c84,2c85 2c86,2c87 2c88,2c89 2c8a,2c8b 2c8c,2c8d 2c8e,2'
    'c8f 2c90,2c91 2c92,2c93 2c94,2c95 2c96,2c97 2c98,2c99 2c9a,2c9b 2c9c,2c9d 2c9e,2c9f 2ca0,2ca1 2c'
    'a2,2ca3 2ca4,2ca5 2ca6,2ca7 2ca8,2ca9 2caa,2cab 2cac,2cad 2cae,2caf 2cb0,2cb1 2cb2,2cb3 2cb4,2cb'
    '5 2cb6,2cb7 2cb8,2cb9 2cba,2cbb 2cbc,2cbd 2cbe,2cbf 2cc0,2cc1 2cc2,2cc3 2cc4,2cc5 2cc6,2cc7 2cc8'
    ',2cc9 2cca,2ccb 2ccc,2ccd 2cce,2ccf 2cd0,2cd1 2cd2,2cd3 2cd4,2cd5 2cd6,2cd7 2cd8,2cd9 2cda,2cdb '
    '2cdc,2cdd 2cde,2cdf 2ce0,2ce1 2ce2,2ce3 2ceb,2cec 2ced,2cee 2cf2,2cf3 a640,a641 a642,a643 a644,a'
    '645 a646,a647 a648,a649 a64c,a64d a64e,a64f a650,a651 a652,a653 a654,a655 a656,a657 a658,a659 a6'
    '5a,a65b a65c,a65d a65e,a65f a660,a661 a662,a663 a664,a665 a666,a667 a668,a669 a66a,a66b a66c,a66'
    'd a680,a681 a682,a683 a684,a685 a686,a687 a688,a689 a68a,a68b a68c,a68d a68e,a68f a690,a691 a692'
    ',a693 a694,a695 a696,a697 a698,a699 a69a,a69b a722,a723 a724,a725 a726,a727 a728,a729 a72a,a72b '
    'a72c,a72d a72e,a72f a732,a733 a734,a735 a736,a737 a738,a739 a73a,a73b a73c,a73d a73e,a73f a740,a'
    '741 a742,a743 a744,a745 a746,a747 a748,a749 a74a,a74b a74c,a74d a74e,a74f a750,a751 a752,a753 a7'
    '54,a755 a756,a757 a758,a759 a75a,a75b a75c,a75d a75e,a75f a760,a761 a762,a763 a764,a765 a766,a76'
    '7 a768,a769 a76a,a76b a76c,a76d a76e,a76f a779,a77a a77b,a77c a77e,a77f a780,a781 a782,a783 a784'
    ',a785 a786,a787 a78b,a78c a790,a791 a792,a793 a794,a7c4 a796,a797 a798,a799 a79a,a79b a79c,a79d '
    'a79e,a79f a7a0,a7a1 a7a2,a7a3 a7a4,a7a5 a7a6,a7a7 a7a8,a7a9 a7b3,ab53 a7b4,a7b5 a7b6,a7b7 a7b8,a'
    '7b9 a7ba,a7bb a7bc,a7bd a7be,a7bf a7c0,a7c1 a7c2,a7c3 a7c7,a7c8 a7c9,a7ca a7d0,a7d1 a7d6,a7d7 a7'
    'd8,a7d9 a7f5,a7f6 fb05,fb06 ff21,ff41 ff22,ff42 ff23,ff43 ff24,ff44 ff25,ff45 ff26,ff46 ff27,ff4'
    '7 ff28,ff48 ff29,ff49 ff2a,ff4a ff2b,ff4b ff2c,ff4c ff2d,ff4d ff2e,ff4e ff2f,ff4f ff30,ff50 ff31'
    ',ff51 ff32,ff52 ff33,ff53 ff34,ff54 ff35,ff55 ff36,ff56 ff37,ff57 ff38,ff58 ff39,ff59 ff3a,ff5a '
    '10400,10428 10401,10429 10402,1042a 10403,1042b 10404,1042c 10405,1042d 10406,1042e 10407,1042f '
    '10408,10430 10409,10431 1040a,10432 1040b,10433 1040c,10434 1040d,10435 1040e,10436 1040f,10437 '
    '10410,10438 10411,10439 10412,1043a 10413,1043b 10414,1043c 10415,1043d 10416,1043e 10417,1043f '
    '10418,10440 10419,10441 1041a,10442 1041b,10443 1041c,10444 1041d,10445 1041e,10446 1041f,10447 '
    '10420,10448 10421,10449 10422,1044a 10423,1044b 10424,1044c 10425,1044d 10426,1044e 10427,1044f '
    '104b0,104d8 104b1,104d9 104b2,104da 104b3,104db 104b4,104dc 104b5,104dd 104b6,104de 104b7,104df '
    '104b8,104e0 104b9,104e1 104ba,104e2 104bb,104e3 104bc,104e4 104bd,104e5 104be,104e6 104bf,104e7 '
    '104c0,104e8 104c1,104e9 104c2,104ea 104c3,104eb 104c4,104ec 104c5,104ed 104c6,104ee 104c7,104ef '
    '104c8,104f0 104c9,104f1 104ca,104f2 104cb,104f3 104cc,104f4 104cd,104f5 104ce,104f6 104cf,104f7 '
    '104d0,104f8 104d1,104f9 104d2,104fa 104d3,104fb 10570,10597 10571,10598 10572,10599 10573,1059a '
    '10574,1059b 10575,1059c 10576,1059d 10577,1059e 10578,1059f 10579,105a0 1057a,105a1 1057c,105a3 '
    '1057d,105a4 1057e,105a5 1057f,105a6 10580,105a7 10581,105a8 10582,105a9 10583,105aa 10584,105ab '
    '10585,105ac 10586,105ad 10587,105ae 10588,105af 10589,105b0 1058a,105b1 1058c,105b3 1058d,105b4 '
    '1058e,105b5 1058f,105b6 10590,105b7 10591,105b8 10592,105b9 10594,105bb 10595,105bc 10c80,10cc0 '
    '10c81,10cc1 10c82,10cc2 10c83,10cc3 10c84,10cc4 10c85,10cc5 10c86,10cc6 10c87,10cc7 10c88,10cc8 '
    '10c89,10cc9 10c8a,10cca 10c8b,10ccb 10c8c,10ccc 10c8d,10ccd 10c8e,10cce 10c8f,10ccf 10c90,10cd0 '
    '10c91,10cd1 10c92,10cd2 10c93,10cd3 10c94,10cd4 10c95,10cd5 10c96,10cd6 10c97,10cd7 10c98,10cd8 '
    '10c99,10cd9 10c9a,10cda 10c9b,10cdb 10c9c,10cdc 10c9d,10cdd 10c9e,10cde 10c9f,10cdf 10ca0,10ce0 '
    '10ca1,10ce1 10ca2,10ce2 10ca3,10ce3 10ca4,10ce4 10ca5,10ce5 10ca6,10ce6 10ca7,10ce7 10ca8,10ce8 '
    '10ca9,10ce9 10caa,10cea 10cab,10ceb 10cac,10cec 10cad,10ced 10cae,10cee 10caf,10cef 10cb0,10cf0 '
    '10cb1,10cf1 10cb2,10cf2 118a0,118c0 118a1,118c1 118a2,118c2 118a3,118c3 118a4,118c4 118a5,118c5 '
    '118a6,118c6 118a7,118c7 118a8,118c8 118a9,118c9 118aa,118ca 118ab,118cb 118ac,118cc 118ad,118cd '
    '118ae,118ce 118af,118cf 118b0,118d0 118b1,118d1 118b2,118d2 118b3,118d3 118b4,118d4 118b5,118d5 '
    '118b6,118d6 118b7,118d7 118b8,118d8 118b9,118d9 118ba,118da 118bb,118db 118bc,118dc 118bd,118dd '
    '118be,118de 118bf,118df 16e40,16e60 16e41,16e61 16e42,16e62 16e43,16e63 16e44,16e64 16e45,16e65 '
    '16e46,16e66 16e47,16e67 16e48,16e68 16e49,16e69 16e4a,16e6a 16e4b,16e6b 16e4c,16e6c 16e4d,16e6d '
    '16e4e,16e6e 16e4f,16e6f 16e50,16e70 16e51,16e71 16e52,16e72 16e53,16e73 16e54,16e74 16e55,16e75 '
    '16e56,16e76 16e57,16e77 16e58,16e78 16e59,16e79 16e5a,16e7a 16e5b,16e7b 16e5c,16e7c 16e5d,16e7d '
    '16e5e,16e7e 16e5f,16e7f 1e900,1e922 1e901,1e923 1e902,1e924 1e903,1e925 1e904,1e926 1e905,1e927 '
    '1e906,1e928 1e907,1e929 1e908,1e92a 1e909,1e92b 1e90a,1e92c 1e90b,1e92d 1e90c,1e92e 1e90d,1e92f '
    '1e90e,1e930 1e90f,1e931 1e910,1e932 1e911,1e933 1e912,1e934 1e913,1e935 1e914,1e936 1e915,1e937 '
    '1e916,1e938 1e917,1e939 1e918,1e93a 1e919,1e93b 1e91a,1e93c 1e91b,1e93d 1e91c,1e93e 1e91d,1e93f '
    '1e91e,1e940 1e91f,1e941 1e920,1e942 1e921,1e943'
)
