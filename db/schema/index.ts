export * from './hotsites';
export * from './content';
export * from './identity';
export * from './catalogo';
export * from './lances';
export * from './cliente';
export * from './acesso';
export * from './paginas';
