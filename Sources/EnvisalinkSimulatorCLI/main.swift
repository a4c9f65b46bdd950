print("envisalink-simulator: not yet implemented")
