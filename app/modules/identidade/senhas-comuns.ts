/**
 * Passwords refused at sign-up and password change: the most common ones in leaked-password lists,
 * global and Brazilian (pt-BR words, football clubs, keyboard walks, dates). Compared lower-cased.
 */
const LISTA = `123456 1234567 12345678 123456789 1234567890 12345 123123 111111 000000 654321 666666 121212 112233
123321 123654 159753 147258 147258369 159357 789456 987654 987654321 112358 101010 202020 131313 696969 777777 888888
999999 555555 222222 333333 444444 1q2w3e 1q2w3e4r 1q2w3e4r5t qwerty qwerty123 qwertyuiop asdfgh asdfghjkl zxcvbn
zxcvbnm azerty 1qaz2wsx qazwsx abc123 abcdef abcd1234 a1b2c3 aaaaaa password password1 passw0rd senha senha1 senha12
senha123 senha1234 minhasenha mudar123 trocar123 admin admin123 administrador root123 usuario teste teste123 teste1234
iloveyou princess dragon monkey letmein welcome sunshine football baseball master shadow superman batman trustno1
michael jordan starwars whatever freedom charlie hello123 loveme 123abc abc12345 brasil brasil123 brasil2014 amor
amorzinho amor123 teamo te amo eusoufeliz felicidade familia familia123 jesus jesus123 jesuscristo deus deusefiel
deus123 deuseamor gabriel gabriela rafael rafaela lucas mateus matheus pedro joao maria mariana juliana fernanda
fernando leonardo beatriz camila carolina amanda bruna larissa leticia vitoria flamengo flamengo123 corinthians
corinthians123 palmeiras palmeiras123 saopaulo saopaulo123 vasco vasco123 gremio gremio123 cruzeiro internacional
botafogo santos santos123 fluminense atletico bahia sport 102030 10203040 1020304050 142536 123mudar abc123456
estrela chocolate morango princesa anjinho docinho benfica naruto pokemon minecraft cachorro gatinho cavalo
martelo martelo123 leilao leilao123 leiloes carro123 veiculo 11223344 12341234 123qwe qwe123 asd123 zaq12wsx
q1w2e3r4 q1w2e3 senhasenha 1234abcd abcdefg abcdefgh 00000000 11111111 12121212 87654321 55555555 31122000`;

export const SENHAS_COMUNS: ReadonlySet<string> = new Set(LISTA.split(/\s+/).filter(Boolean));

export const senhaComum = (senha: string) => SENHAS_COMUNS.has(senha.toLowerCase());
